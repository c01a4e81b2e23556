import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, open, screenshot, VIEWPORTS } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("not-found page at %s", (viewport) => {
  it("answers an unknown path with status 404 and the spec's card", async () => {
    const context = await open(browser, viewport);
    const page = await context.newPage();
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    const card = page.getByTestId("not-found");
    await expect(card.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Page Not Found");
    await expect(card.getByText("Did you forget to add the page to the router?").isVisible()).resolves.toBe(true);
    await card.getByRole("link", { name: "Return Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await screenshot(page, `not-found-${viewport}`);
    await context.close();
  });
});
