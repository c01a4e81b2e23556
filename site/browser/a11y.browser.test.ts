import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, open, screenshot } from "./browser";
import { firstItemId, seriousAxeViolations, VIEWPORT_NAMES } from "./site-helpers";

const PAGES: [string, () => Promise<string>][] = [
  ["home", async () => "/"],
  ["content page", async () => "/literature"],
  ["gallery chooser", async () => "/gallery"],
  ["for-sale chooser", async () => "/for-sale"],
  ["listing", async () => "/gallery/slots"],
  ["item page", async () => `/for-sale/slots/${await firstItemId("slots", "for-sale")}`],
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
    const page = await (await open(browser, viewport)).newPage();
    await page.goto(await path(), { waitUntil: "networkidle" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `a11y-${name.replace(/\W+/g, "-").replace(/-$/, "")}-${viewport}`);
    await page.context().close();
  });
});

describe("accessibility of the open mobile menu", () => {
  it("axe-core finds no serious or critical violation with the overlay open", async () => {
    const page = await (await open(browser, "mobile")).newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).waitFor({ state: "visible" });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
