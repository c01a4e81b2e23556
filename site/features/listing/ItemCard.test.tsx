import { renderToString } from "react-dom/server";
import { DEFAULT_PRICE_FORMAT as USD } from "#contract/price-format";
import { describe, expect, it } from "vitest";
import { testItem } from "../../test/fixtures";
import ItemCard from "./ItemCard";
import Pager from "../../lib/ui/Pager";

const item = testItem({
  id: "0f0e0d0c-0b0a-4908-8706-050403020100",
  category: "slots",
  title: "Mills Castle Front",
  year: 1933,
  manufacturer: "Mills",
  description: "Restored.",
  price: 4250.4,
  mainImageUrl: null,
});

describe("item card", () => {
  it("links to the detail page at its slug and id with the listing page, and shows a whole-dollar price badge for sale", () => {
    const html = renderToString(<ItemCard item={item} sourcePage="for-sale" page={3} showPrice format={USD} eager={false} />);
    expect(html).toContain('href="/for-sale/slots/mills-castle-front-0f0e0d0c0b0a49088706050403020100?page=3"');
    expect(html).toContain("$4,250");
    expect(html).toContain(" (1933)");
    expect(html).toContain("View Details");
    expect(html).toContain('src="/images/defaults/slots.svg"');
    expect(html).toContain("line-clamp-4");
  });

  it("renders the description's bold and italic words and its safe links, clamped to 4 lines; a javascript: link stays text", () => {
    const pieces = [
      { plain_text: "A " },
      { plain_text: "rare", annotations: { bold: true } },
      { plain_text: " and ", annotations: {} },
      { plain_text: "original", annotations: { italic: true, color: "red" } },
      { plain_text: " machine, ", annotations: {} },
      { plain_text: "see more", href: "/for-sale" },
      { plain_text: " or ", annotations: {} },
      { plain_text: "this", href: "javascript:alert(1)" },
    ];
    const rich = testItem({
      id: "r",
      category: "slots",
      title: "R",
      description: "A rare and original machine, see more or this",
      descriptionRichText: pieces,
      mainImageUrl: null,
    });
    const html = renderToString(<ItemCard item={rich} sourcePage="gallery" page={1} showPrice={false} format={USD} eager />);
    const description = /<p class="line-clamp-4[^"]*" data-testid="card-description">(.*?)<\/p>/.exec(html)?.[1]?.replace(/<!-- -->/g, "");
    expect(description).toBe(
      'A <strong>rare</strong> and <span class="rt-red"><em>original</em></span> machine, <a href="/for-sale">see more</a> or this',
    );
  });

  it("shows a description without pieces as its plain text", () => {
    const html = renderToString(<ItemCard item={item} sourcePage="gallery" page={1} showPrice={false} format={USD} eager />);
    expect(html).toMatch(/data-testid="card-description">Restored\.<\/p>/);
  });

  it("offers the worker's resized copies of a synced main image, and none for a category default", () => {
    const synced = testItem({ id: "abc", category: "slots", title: "Mills", mainImageUrl: "/media/notion/f1/front.png" });
    const html = renderToString(<ItemCard item={synced} sourcePage="gallery" page={2} showPrice={false} format={USD} eager={false} />);
    expect(html).toContain('src="/media/notion/f1/front.png"');
    expect(html).toContain(
      'srcSet="/media/w/160/notion/f1/front.png 160w, /media/w/400/notion/f1/front.png 400w, /media/w/800/notion/f1/front.png 800w, /media/w/1200/notion/f1/front.png 1200w, /media/w/1600/notion/f1/front.png 1600w"',
    );
    expect(html).toContain('sizes="(min-width: 1280px) 490px, (min-width: 640px) 45vw, 100vw"');
    expect(renderToString(<ItemCard item={item} sourcePage="gallery" page={1} showPrice={false} format={USD} eager />)).not.toContain(
      "srcSet",
    );
  });

  it("has no price badge in the gallery", () => {
    const html = renderToString(<ItemCard item={item} sourcePage="gallery" page={1} showPrice={false} format={USD} eager />);
    expect(html).toContain('href="/gallery/slots/mills-castle-front-0f0e0d0c0b0a49088706050403020100?page=1"');
    expect(html).not.toContain("price-badge");
  });
});

describe("pager", () => {
  it("is hidden at one page and shows Previous, numbers and Next otherwise", () => {
    expect(renderToString(<Pager page={1} totalPages={1} position="top" onChange={() => {}} hrefFor={(n) => `?page=${n}`} />)).toBe("");
    const html = renderToString(<Pager page={5} totalPages={10} position="top" onChange={() => {}} hrefFor={(n) => `?page=${n}`} />);
    expect(html).toContain("Previous");
    expect(html).toContain("Next");
    expect(html.match(/data-testid="pager-page-\d+"/g)).toEqual(["1", "4", "5", "6", "10"].map((n) => `data-testid="pager-page-${n}"`));
    expect(html.match(/href="[^"]*"/g)).toEqual(["4", "1", "4", "5", "6", "10", "6"].map((n) => `href="?page=${n}"`));
  });

  it("has no link behind Previous on the first page nor behind Next on the last", () => {
    for (const [page, off] of [
      [1, "pager-previous"],
      [3, "pager-next"],
    ] as const) {
      const html = renderToString(<Pager page={page} totalPages={3} position="bottom" onChange={() => {}} hrefFor={(n) => `?page=${n}`} />);
      expect(html).toContain(`<a role="link" aria-disabled="true" class="`);
      expect(html).toMatch(new RegExp(`<a role="link" aria-disabled="true"[^>]*data-testid="${off}"`));
      expect(html.match(/href=/g)).toHaveLength(4);
    }
  });
});
