import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, screenshot, keptPage } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Group = { heading: string | null; names: string[]; hrefs: string[]; starred: boolean };

async function switcherGroup(page: Page, testid: "featured-categories" | "all-categories"): Promise<Group> {
  const group = page.getByTestId("category-switcher").getByTestId(testid);
  if ((await group.count()) === 0) return { heading: null, names: [], hrefs: [], starred: false };
  const links = group.getByRole("link");
  return {
    heading: (await group.getByRole("heading").textContent())?.trim() ?? null,
    names: (await links.allTextContents()).map((t) => t.trim()),
    hrefs: await links.evaluateAll((els) => els.map((a) => a.getAttribute("href") ?? "")),
    starred: (await group.locator('h2 svg[data-icon="star"]').count()) === 1,
  };
}

describe("category switcher", () => {
  it("gallery: features slots and arcades (starred), lists the rest in order, hides parts, links to /gallery/{c}", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/gallery/vending");
    const featured = await switcherGroup(page, "featured-categories");
    expect(featured).toEqual({
      heading: "Featured Categories",
      names: ["Slot Machines", "Arcade Machines"],
      hrefs: ["/gallery/slots", "/gallery/arcades"],
      starred: true,
    });
    const rest = await switcherGroup(page, "all-categories");
    expect(rest.heading).toBe("All Categories");
    expect(rest.starred).toBe(false);
    expect(rest.names).toEqual(["Trade Stimulators", "Vending Machines", "Advertising Items", "Vintage Toys"]);
    expect(rest.hrefs).toEqual(["/gallery/trade-stimulators", "/gallery/vending", "/gallery/advertising", "/gallery/toys"]);
    expect(await page.getByTestId("category-switcher").getByText("Machine Parts").count()).toBe(0);
    expect(await page.getByTestId("category-vending").getAttribute("aria-current")).toBe("page");
    await screenshot(page, "chooser-switcher-gallery-desktop");
    await page.getByTestId("category-switcher").getByRole("link", { name: "Arcade Machines" }).click();
    await page.waitForURL((url) => url.pathname === "/gallery/arcades");
    expect(await page.getByTestId("page-title").textContent()).toBe("Arcade Machines Gallery");
  });

  it("for sale: features slots and parts, then arcades to toys, links to /for-sale/{c}", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/for-sale/slots");
    expect(await switcherGroup(page, "featured-categories")).toEqual({
      heading: "Featured Categories",
      names: ["Slot Machines", "Machine Parts"],
      hrefs: ["/for-sale/slots", "/for-sale/parts"],
      starred: true,
    });
    const rest = await switcherGroup(page, "all-categories");
    expect(rest.names).toEqual(["Arcade Machines", "Trade Stimulators", "Vending Machines", "Advertising Items", "Vintage Toys"]);
    expect(rest.hrefs).toEqual([
      "/for-sale/arcades",
      "/for-sale/trade-stimulators",
      "/for-sale/vending",
      "/for-sale/advertising",
      "/for-sale/toys",
    ]);
    await screenshot(page, "chooser-switcher-for-sale-desktop");
    await page.getByTestId("category-switcher").getByRole("link", { name: "Machine Parts" }).click();
    await page.waitForURL((url) => url.pathname === "/for-sale/parts");
    expect(await page.getByTestId("page-title").textContent()).toBe("Machine Parts For Sale");
  });

  it("category pages: no featured group, the default order of the routed categories, links to /{c}", async () => {
    const page = await keptPage(browser, "desktop");
    await page.goto("/arcades");
    expect((await switcherGroup(page, "featured-categories")).heading).toBeNull();
    const rest = await switcherGroup(page, "all-categories");
    expect(rest.heading).toBe("All Categories");
    // Default order slots, arcades, parts, trade-stimulators, vending, advertising, toys; toys has no /toys route, so it is left out here.
    expect(rest.names).toEqual([
      "Slot Machines",
      "Arcade Machines",
      "Machine Parts",
      "Trade Stimulators",
      "Vending Machines",
      "Advertising Items",
    ]);
    expect(rest.hrefs).toEqual(["/slots", "/arcades", "/parts", "/trade-stimulators", "/vending", "/advertising"]);
    await page.getByTestId("category-switcher").getByRole("link", { name: "Trade Stimulators" }).click();
    await page.waitForURL((url) => url.pathname === "/trade-stimulators");
    expect(await page.getByTestId("page-title").textContent()).toBe("Trade Stimulators");
  });
});

describe.each(["desktop", "mobile"] as const)("choosers at %s", (viewport) => {
  it("/gallery shows the gallery switcher and 'Select a category above to browse gallery items.'", async () => {
    const page = await keptPage(browser, viewport);
    const response = await page.goto("/gallery");
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("gallery-chooser").textContent()).toBe("Select a category above to browse gallery items.");
    expect((await switcherGroup(page, "featured-categories")).names).toEqual(["Slot Machines", "Arcade Machines"]);
    expect(await page.getByTestId("item-grid").count()).toBe(0);
    await screenshot(page, `chooser-gallery-${viewport}`);
    await page.getByTestId("category-switcher").getByRole("link", { name: "Vintage Toys" }).click();
    await page.waitForURL((url) => url.pathname === "/gallery/toys");
  });

  it("/for-sale shows 'Browse Items By Category', the intro and one button per category in for-sale order", async () => {
    const page = await keptPage(browser, viewport);
    await page.goto("/for-sale");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Browse Items By Category");
    expect(await page.getByTestId("for-sale-intro").textContent()).toBe(
      "Select a category below to view our current inventory of items for sale.",
    );
    const buttons = page.getByTestId("for-sale-categories").getByRole("link");
    const names = [
      "Slot Machines",
      "Machine Parts",
      "Arcade Machines",
      "Trade Stimulators",
      "Vending Machines",
      "Advertising Items",
      "Vintage Toys",
    ];
    expect(await buttons.count()).toBe(names.length);
    for (const [i, name] of names.entries()) {
      expect(await buttons.nth(i).evaluate((a) => a.firstChild?.textContent?.trim())).toBe(`Browse ${name} for sale`);
      expect(await page.getByRole("link", { name: `Browse ${name} for sale`, exact: true }).count()).toBe(1);
    }
    expect(await buttons.evaluateAll((els) => els.map((a) => a.getAttribute("href")))).toEqual(
      ["slots", "parts", "arcades", "trade-stimulators", "vending", "advertising", "toys"].map((c) => `/for-sale/${c}`),
    );
    await screenshot(page, `chooser-for-sale-${viewport}`);
    await page.getByRole("link", { name: "Browse Trade Stimulators for sale" }).click();
    await page.waitForURL((url) => url.pathname === "/for-sale/trade-stimulators");
    expect(await page.getByTestId("page-title").textContent()).toBe("Trade Stimulators For Sale");
  });
});
