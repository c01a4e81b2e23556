import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { POSTS } from "#workspace/demo/content/posts";
import { PAGE_DESCRIPTIONS, PAGE_HEADERS } from "#workspace/demo/content/site-content";
import type { DemoPage } from "#workspace/demo/types";
import { launch, open, screenshot, keptPage, VIEWPORTS } from "./support/browser";
import { demoRow, demoText, pageHtml, seriousAxeViolations, VIEWPORT_NAMES } from "./support/site-helpers";

const SECTIONS = [
  ["home", "/"],
  ["literature", "/literature"],
  ["services", "/services"],
  ["news", "/news"],
  ["miscellaneous", "/miscellaneous"],
] as const;

/** The first text a visitor reads in a demo post: its body's first block, else its Markdown's first line, else the empty post's text. */
function openingText(post: DemoPage): string {
  const first = post.body?.[0];
  if (first && "text" in first) return demoText(first.text);
  const markdown = demoText(post.properties.Content)
    .split("\n")[0]!
    .replace(/^#+\s*/, "");
  return markdown || "No content available for this post.";
}

function demoPosts(section: string): DemoPage[] {
  return POSTS.pages
    .filter((p) => p.properties.Section === section)
    .sort((a, b) => Number(a.properties["Display Order"]) - Number(b.properties["Display Order"]));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(viewport: (typeof VIEWPORT_NAMES)[number], path: string): Promise<Page> {
  const page = await keptPage(browser, viewport);
  await page.goto(path);
  return page;
}

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

describe.each(VIEWPORT_NAMES)("content pages at %s", (viewport) => {
  it.each(SECTIONS)("%s shows its header title, description card and posts in ascending display order", async (section, path) => {
    const page = await visit(viewport, path);
    const [id, title] = PAGE_HEADERS.pages
      .map((p) => [p.properties["Page Id"], p.properties.Title])
      .find(([pageId]) => pageId === section)!;
    expect(id).toBe(section);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(squash(await page.getByTestId("page-description").textContent())).toBe(
      demoText(demoRow(PAGE_DESCRIPTIONS, "Section", section).Description),
    );
    const posts = page.getByTestId("post");
    const expected = demoPosts(section);
    expect(await posts.count()).toBe(expected.length);
    for (const [i, post] of expected.entries()) expect(squash(await posts.nth(i).textContent())).toContain(openingText(post));
    await screenshot(page, `content-${section}-${viewport}`);
  });

  it("shows 'No content available for this post.' for a post without content", async () => {
    const page = await visit(viewport, "/news");
    const empty = demoPosts("news").findIndex((p) => !p.body?.length && !demoText(p.properties.Content));
    expect(empty).toBeGreaterThanOrEqual(0);
    expect(squash(await page.getByTestId("post").nth(empty).textContent())).toBe("No content available for this post.");
    expect(await page.getByText("No content available for this post.").count()).toBe(1);
  });
});

describe("page headers", () => {
  it("give every page its managed title and icon type", async () => {
    const paths: Record<string, string> = { home: "/", gallery: "/gallery", "for-sale": "/for-sale", admin: "/admin" };
    const page = await keptPage(browser, "desktop");
    for (const header of PAGE_HEADERS.pages) {
      const id = String(header.properties["Page Id"]);
      await page.goto(paths[id] ?? `/${id}`, { waitUntil: "domcontentloaded" });
      const heading = page.getByTestId("page-heading");
      // The for-sale chooser's h1 is 'Browse Items By Category'; its header title is the line below.
      const title = id === "for-sale" ? heading.locator("h1 + p") : heading.getByRole("heading", { level: 1 });
      expect([id, await title.textContent(), await heading.locator("svg").getAttribute("data-icon")]).toEqual([
        id,
        header.properties.Title,
        header.properties["Icon Type"],
      ]);
      if (id !== "for-sale") expect((await page.title()).startsWith(`${header.properties.Title} | `)).toBe(true);
    }
  });
});

describe("Markdown posts", () => {
  it("render headings under the page h1, nested lists, quotes, links and images", async () => {
    const page = await visit("desktop", "/");
    const post = page.getByTestId("post").first();
    expect(await post.getByRole("heading", { level: 2 }).textContent()).toBe("Preserving gambling history one machine at a time");
    expect(await post.getByRole("heading", { level: 3 }).textContent()).toBe("What we do");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await post.locator("ul ul li").allTextContents()).toEqual([
      "Cabinet refinishing in period-correct stains",
      "Replating and casting repair",
    ]);
    expect(await post.getByRole("link", { name: "our services" }).getAttribute("href")).toBe("/services");
    expect(await post.locator("blockquote em").count()).toBe(1);
    const image = post.getByRole("img", { name: "A 1933 Mills Castle Front after restoration" });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "American Gaming Association" }).getAttribute("href")).toBe(
      "https://www.americangaming.org/",
    );
    expect(await page.locator("ol > li").count()).toBe(3);
  });

  it("render a post's Markdown Content (ordered list, bold, quote, external link) and code blocks", async () => {
    const page = await visit("desktop", "/literature");
    const manual = page.getByTestId("post").nth(2);
    expect(await manual.getByRole("heading", { level: 2 }).textContent()).toBe("Adjusting the payout slide");
    expect(await manual.locator("ol > li").count()).toBe(3);
    expect(await manual.locator("strong").textContent()).toBe("slide stop");
    expect(await manual.getByRole("link", { name: "Mills service manual" }).getAttribute("href")).toBe(
      "https://archive.org/details/millsservicemanual",
    );
    expect(await page.locator("pre code").first().textContent()).toContain("serial < 200000      -> before 1930");
    expect(await page.getByRole("link", { name: "ask us" }).getAttribute("href")).toBe("mailto:info@antique-coin-op.example");
  });

  it("keep hostile markup as text: no javascript: links, no inline handlers, no scripts run", async () => {
    const dialogs: string[] = [];
    for (const [, path] of SECTIONS) {
      const page = await (await open(browser, "desktop")).newPage();
      page.on("dialog", (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()));
      await page.goto(path);
      const found = await page.evaluate(() => {
        const hrefs = [...document.querySelectorAll("[href], [src]")].map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "");
        const handlers = [...document.querySelectorAll("*")].flatMap((el) =>
          el.getAttributeNames().filter((name) => name.startsWith("on")),
        );
        const links = [...document.querySelectorAll("main a[href]")].map((a) => new URL(a.getAttribute("href")!, location.href).protocol);
        return { hrefs, handlers, links, scripts: document.querySelectorAll("main script").length };
      });
      expect(found.hrefs.filter((h) => /^\s*(javascript|vbscript|data:text)/i.test(h))).toEqual([]);
      expect(found.handlers).toEqual([]);
      expect(found.links.filter((p) => !["http:", "https:", "irc:", "ircs:", "mailto:", "xmpp:"].includes(p))).toEqual([]);
      expect(found.scripts).toBe(0);
      await page.context().close();
    }
    const page = await visit("desktop", "/miscellaneous");
    const reader = page.getByTestId("post").nth(1);
    expect(squash(await reader.textContent())).toContain(
      "<script>alert('xss')</script> Raw script text in a paragraph must be shown as text, never run.",
    );
    expect(squash(await reader.textContent())).toContain(
      `<img src="x" onerror="alert('xss')"> An image tag with an onerror handler, as plain text.`,
    );
    expect(await reader.getByText("this harmless-looking link").evaluate((el) => el.closest("a")?.getAttribute("href") ?? null)).toBeNull();
    expect(dialogs).toEqual([]);
    await screenshot(page, "content-hostile-markup-desktop");
  });
});

describe("Notion blocks in posts", () => {
  it("show toggles, captions, columns side by side on wide screens only, link cards and callouts; a video asks nothing of YouTube until pressed, then plays in its privacy-enhanced player within the CSP; axe-clean", async () => {
    const context = await open(browser, "desktop");
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const external: string[] = [];
    context.on("request", (request) => {
      if (/youtube|vimeo|ytimg/.test(new URL(request.url()).hostname)) external.push(request.url());
    });
    // The player's page, answered here: the test needs no network, and the CSP is still the browser's to apply.
    await context.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>player</p>" }),
    );
    const page = await context.newPage();

    await page.goto("/services");
    const restoration = page.getByTestId("post").filter({ hasText: "Full restoration" });
    expect(await restoration.locator("figure figcaption").textContent()).toBe("Rebuilt back door and lock");
    const toggle = restoration.locator("details.toggle");
    expect(await toggle.locator("summary").textContent()).toBe("Do you restore machines that are not coin-operated?");
    const answer = toggle.getByText("Jukeboxes and scales, yes; pinball machines, no.");
    expect(await answer.isVisible()).toBe(false);
    await toggle.locator("summary").click();
    expect(await answer.isVisible()).toBe(true);
    const columns = restoration.locator(".columns > .column");
    expect(await columns.locator("h3").allTextContents()).toEqual(["You bring", "You get back"]);
    const [left, right] = [(await columns.nth(0).boundingBox())!, (await columns.nth(1).boundingBox())!];
    expect([Math.round(left.y) === Math.round(right.y), right.x > left.x + left.width]).toEqual([true, true]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.mobile);
    const [top, below] = [(await columns.nth(0).boundingBox())!, (await columns.nth(1).boundingBox())!];
    expect([Math.round(top.x) === Math.round(below.x), below.y >= top.y + top.height]).toEqual([true, true]);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto("/news");
    const show = page.getByTestId("post").filter({ hasText: "Where to find us" });
    expect(squash(await show.locator(".callout[role=note]").textContent())).toBe("📅Doors open at 9 a.m. both days.");
    // The bookmark and the map embed (no player of its own): link cards, each with its caption.
    const cards = show.locator("figure.bookmark");
    expect(await cards.locator("a.bookmark-card").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "https://chicagoland-show.example/",
      "https://www.openstreetmap.org/#map=12/41.8781/-87.6298",
    ]);
    expect(await cards.locator("figcaption").allTextContents()).toEqual(["The Chicagoland Show's own site", "Where the show is held"]);
    const play = show.getByRole("link", {
      name: "Play video · YouTube : Last year's show floor. The player loads from YouTube when you press play.",
    });
    expect(await play.getAttribute("href")).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await show.locator("iframe").count()).toBe(0);
    expect(external).toEqual([]);
    await play.click();
    const frame = show.locator("iframe.video-frame");
    expect(await frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(await frame.getAttribute("title")).toBe("YouTube video: Last year's show floor");
    await expect.poll(() => external).toEqual(["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1"]);
    expect(await frame.contentFrame().locator("p").textContent()).toBe("player");
    // (The demo's external image comes from the local Notion server over plain http, which img-src refuses: not a frame.)
    const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect(violations.filter((v) => !v.startsWith("img-src "))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/news");
    await screenshot(page, "content-video-playing-desktop");
    await context.close();
  });
});

describe.each(VIEWPORT_NAMES)("post images at %s", (viewport) => {
  it("show the 'Image Not Found' placeholder when they fail to load", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    // The original files and the resized copies the build made of them.
    const failing = /\/(ad-clock|slot-cherry-red)(\.png|_[\w-]+\.webp)$/;
    await page.route(
      (url) => failing.test(url.pathname),
      (route) => route.abort(),
    );
    await page.goto("/news");
    await page.getByTestId("site-footer").scrollIntoViewIfNeeded();
    const placeholders = page.getByRole("img", { name: "Image Not Found" });
    await expect.poll(() => placeholders.count()).toBe(2);
    expect(await placeholders.allTextContents()).toEqual(["Image Not Found", "Image Not Found"]);
    const [, width, height] = /ad-clock\.png"[^>]*\swidth="(\d+)" height="(\d+)"/.exec(await pageHtml("/news"))!;
    const box = (await page.getByTestId("post").first().getByTestId("image-not-found").boundingBox())!;
    expect(Math.abs(box.height - (box.width * Number(height)) / Number(width))).toBeLessThan(2);
    expect(await page.locator("main img").count()).toBe(0);
    await page.getByTestId("page-heading").scrollIntoViewIfNeeded();
    await screenshot(page, `content-image-not-found-${viewport}`);
    await context.close();
  });
});
