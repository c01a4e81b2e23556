import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { BASE_URL, launch, screenshot, VIEWPORTS, keptPage } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("not-found page at %s", (viewport) => {
  it("answers an unknown path with status 404 and the not-found card", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    const card = page.getByTestId("not-found");
    await expect(card.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Page Not Found");
    await expect(card.getByText("Did you forget to add the page to the router?").isVisible()).resolves.toBe(true);
    await card.getByRole("link", { name: "Return Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await screenshot(page, `not-found-${viewport}`);
  });
});

/** The /_astro/ scripts a page loads, by path. */
async function astroScripts(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  const listen = (request: { url(): string; resourceType(): string }) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script" && url.pathname.startsWith("/_astro/")) scripts.push(url.pathname);
  };
  page.on("request", listen);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("request", listen);
  return scripts.sort();
}

describe("not-found page weight", () => {
  it("loads no more JavaScript than a content page: the item fallback island hydrates only on item addresses", async () => {
    const page = await keptPage(browser, "desktop");
    const content = await astroScripts(page, "/services");
    expect(content.length).toBeGreaterThan(0);
    expect(await astroScripts(page, "/nonexistent")).toEqual(content);
    expect(await page.getByTestId("not-found").isVisible()).toBe(true);
    const item = await astroScripts(page, "/gallery/slots/00000000-0000-4000-8000-000000000000");
    expect(item.some((path) => path.startsWith("/_astro/ItemRouteFallback."))).toBe(true);
    await page.getByTestId("item-not-found").waitFor();
  });
});

describe("bare /api and /media", () => {
  it("reach the worker and answer JSON, not the 404 page", async () => {
    for (const [path, status, error] of [
      ["/api", 404, "Not found: /api"],
      ["/media", 400, "Invalid media path"],
    ] as const) {
      const res = await fetch(`${BASE_URL}${path}`);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error });
    }
  });
});
