import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, screenshot, keptPage } from "./support/browser";
import { RICH_TEXT_COLORS } from "../lib/rich-text";
import { firstItemPath, seriousAxeViolations, VIEWPORT_NAMES } from "./support/site-helpers";

const PAGES: [string, () => Promise<string>][] = [
  ["home", async () => "/"],
  ["content page", async () => "/literature"],
  ["gallery chooser", async () => "/gallery"],
  ["for-sale chooser", async () => "/for-sale"],
  ["listing", async () => "/gallery/slots"],
  ["item page", () => firstItemPath("slots", "for-sale")],
  ["admin (signed out)", async () => "/admin"],
  ["not-found page", async () => "/no-such-page"],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_NAMES)("accessibility at %s", (viewport) => {
  it.each(PAGES)("axe-core finds no serious or critical violation on the %s", async (name, path) => {
    const page = await keptPage(browser, viewport);
    await page.goto(await path(), { waitUntil: "networkidle" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `a11y-${name.replace(/\W+/g, "-").replace(/-$/, "")}-${viewport}`);
  });
});

describe("accessibility of the open mobile menu", () => {
  it("axe-core finds no serious or critical violation with the overlay open", async () => {
    const page = await keptPage(browser, "mobile");
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "visible" });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe("accessibility of Notion's colours in managed text", () => {
  it("keeps every text colour and highlight readable (axe contrast) in the banner, header, navigation, descriptions, cards and footer", async () => {
    const page = await keptPage(browser, "desktop");
    const classes = RICH_TEXT_COLORS.flatMap((c) => [`rt-${c}`, `rt-bg-${c}`]);
    // Where the site shows managed text, and whether its text may hold links there (not inside the header's home link or the footer's contact links).
    const home: [string, boolean][] = [
      ["[data-testid=site-banner]", true],
      ["[data-testid=header-title]", false],
      ["#site-nav p", true],
      ["[data-testid=page-description] .prose-antique", true],
      ["[data-testid=footer-contact] a", false],
    ];
    const item = await firstItemPath("slots", "for-sale");
    const visits: [string, [string, boolean][]][] = [
      ["/", home],
      ["/for-sale/slots", [["[data-testid=card-description]", true]]],
      [item, [["[data-testid=item-description]", true]]],
    ];
    for (const [path, spots] of visits) {
      await page.goto(path, { waitUntil: "networkidle" });
      const added = await page.evaluate(
        ({ spots, classes }) =>
          spots.filter(([selector, links]) => {
            const spot = document.querySelector(selector);
            const words = (c: string) =>
              ` <span class="${c}">${c} words</span>` + (links ? ` <a href="/for-sale"><span class="${c}">${c} link</span></a>` : "");
            spot?.insertAdjacentHTML("beforeend", classes.map(words).join(""));
            return spot !== null;
          }).length,
        { spots, classes },
      );
      expect(added, path).toBe(spots.length);
      const color = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => getComputedStyle(el).color);
      expect(await color(`${spots[0]![0]} .rt-red`), path).toBe("rgb(143, 25, 25)");
      if (path === "/")
        for (const dark of ["#site-nav p .rt-red", "[data-testid=header-title] .rt-red"])
          expect(await color(dark), dark).toBe("rgb(252, 165, 165)");
      expect(await seriousAxeViolations(page), path).toEqual([]);
      await screenshot(page, `a11y-rich-text-colours-${path === "/" ? "home" : path === item ? "item" : "listing"}`);
    }
  });
});
