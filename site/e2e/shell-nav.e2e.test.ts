import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { keptPage, launch, screenshot } from "./support/browser";
import { firstItemPath } from "./support/site-helpers";

/** The navigation's entries, in order. */
const ENTRIES = [
  ["/", "Home"],
  ["/for-sale", "For Sale"],
  ["/gallery/slots", "Gallery"],
  ["/literature", "Literature"],
  ["/services", "Services"],
  ["/news", "News"],
  ["/miscellaneous", "Miscellaneous"],
  ["/admin", "Admin Panel"],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(viewport: "desktop" | "mobile", path: string): Promise<Page> {
  const page = await keptPage(browser, viewport);
  await page.goto(path);
  return page;
}

const navLinks = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");
const focusInsideNav = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("#site-nav")));

describe("side navigation at desktop", () => {
  it("lists the 8 entries in order with their hrefs, Admin Panel included, and has no menu button", async () => {
    const page = await visit("desktop", "/");
    const links = navLinks(page);
    const shown = await links.evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent?.trim()]));
    expect(shown).toEqual(ENTRIES);
    expect(await links.filter({ visible: true }).count()).toBe(8);
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    await screenshot(page, "shell-nav-desktop");
  });

  it("marks the active entry by prefix", async () => {
    const arcade = await firstItemPath("arcades", "gallery");
    const forSale = await firstItemPath("slots", "for-sale");
    const cases: [string, string | null][] = [
      ["/", "Home"],
      ["/for-sale", "For Sale"],
      ["/for-sale/slots", "For Sale"],
      [forSale, "For Sale"],
      ["/gallery", "Gallery"],
      ["/gallery/arcades", "Gallery"],
      [arcade, "Gallery"],
      ["/literature", "Literature"],
      ["/services", "Services"],
      ["/news", "News"],
      ["/miscellaneous", "Miscellaneous"],
      ["/admin", "Admin Panel"],
      ["/slots", null],
      // Served by the 404 page, which renders item addresses client-side.
      [`/gallery/slots/${"0".repeat(32)}`, "Gallery"],
      [`/for-sale/toys/${"0".repeat(32)}`, "For Sale"],
      ["/no-such-page", null],
    ];
    const page = await keptPage(browser, "desktop");
    const seen: [string, string | null][] = [];
    for (const [path] of cases) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const active = await navLinks(page).evaluateAll((as) =>
        as.filter((a) => a.getAttribute("aria-current") === "page").map((a) => a.textContent?.trim() ?? ""),
      );
      seen.push([path, active.length ? active.join(",") : null]);
    }
    expect(seen).toEqual(cases);
  });
});

describe("side navigation at mobile", () => {
  it("is hidden until the menu button opens it as a full-screen overlay", async () => {
    const page = await visit("mobile", "/literature");
    const nav = page.getByRole("navigation", { name: "Main" });
    const button = page.getByRole("button", { name: "Open menu" });
    expect(await nav.isVisible()).toBe(false);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await button.click();
    await nav.waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
    expect(await navLinks(page).evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent?.trim()]))).toEqual(ENTRIES);
    expect(await navLinks(page).getByText("Admin Panel").isVisible()).toBe(true);
    expect(await page.locator("main").getAttribute("inert")).not.toBeNull();
    await screenshot(page, "shell-nav-menu-open-mobile");
  });

  it("closes on a link and goes there", async () => {
    const page = await visit("mobile", "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await navLinks(page).getByText("Services").click();
    await page.waitForURL((url) => url.pathname === "/services");
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    expect(await page.getByTestId("nav-link-services").getAttribute("aria-current")).toBe("page");
  });

  it("closes on the backdrop and on the close button, staying on the page", async () => {
    const page = await visit("mobile", "/news");
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.mouse.click(365, 400);
    await nav.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await nav.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/news");
    expect(await page.locator("main").getAttribute("inert")).toBeNull();
    await screenshot(page, "shell-nav-menu-closed-mobile");
  });

  it("works from the keyboard: focus moves into the menu, stays there on Tab, Escape closes and returns focus to the button", async () => {
    const page = await visit("mobile", "/");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "visible" });
    expect(await focusInsideNav(page)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      expect(await focusInsideNav(page)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("menu-button");
  });
});
