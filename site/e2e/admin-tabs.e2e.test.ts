import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { openAdmin, signedInContext } from "./support/admin-helpers";
import { launch, screenshot, VIEWPORTS } from "./support/browser";
import { seriousAxeViolations } from "./support/site-helpers";
import { adminClient, settleSyncState } from "./support/stack";

let browser: Browser;
beforeAll(async () => {
  // The Notion Sync tab is checked once it shows a last sync that succeeded, whatever file ran before.
  await settleSyncState(await adminClient());
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

const ICON_TYPES = ["home", "shop", "gallery", "literature", "services", "news", "misc", "admin", "database", "info", "refresh", "trash"];

const overflowsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("Page Headers tab", () => {
  it("explains how titles and icon types are edited, listing every icon type with its icon", async () => {
    const context = await signedInContext(browser, "desktop");
    const page = await openAdmin(context, "Page Headers");
    const help = page.getByTestId("page-headers-help");
    await help.waitFor();
    expect(await page.getByRole("tab", { name: "Page Headers" }).getAttribute("aria-selected")).toBe("true");
    expect(await help.getByRole("heading", { name: "Page headers", level: 2 }).isVisible()).toBe(true);
    const text = (await help.textContent()) ?? "";
    expect(text).toContain("Each page’s heading comes from the Page Headers database in Notion.");
    expect(text).toContain("Title: the heading text shown on that page.");
    expect(text).toContain("Icon Type: the icon shown next to the heading, one of the types below.");
    expect(text).toContain("Pages without a row keep their built-in title and icon.");
    expect(text).toContain("run a sync of the Page Headers table in the Notion Sync tab");
    const icons = help.getByRole("list", { name: "Icon types" }).getByRole("listitem");
    expect(await icons.locator("code").allTextContents()).toEqual(ICON_TYPES);
    for (let i = 0; i < ICON_TYPES.length; i++) expect(await icons.nth(i).locator("svg").count(), ICON_TYPES[i]).toBe(1);
    await screenshot(page, "admin-page-headers-tab-desktop");
    await context.close();
  });
});

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("admin tabs at %s", (viewport) => {
  it("switch between Cache Management, Page Headers, Notion Sync and Settings without overflowing the page, Enquiries before Settings", async () => {
    const context = await signedInContext(browser, viewport);
    const page = await openAdmin(context);
    const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
    const names = await tabs.allTextContents();
    expect(names.slice(0, 3)).toEqual(["Cache Management", "Page Headers", "Notion Sync"]);
    // The open enquiries' count follows the tab's name when there are any.
    expect(names.slice(3)).toEqual([expect.stringMatching(/^Enquiries(\d+ open)?$/), "Settings"]);

    await page.getByTestId("stat-cached-items").waitFor();
    await page.getByRole("switch").waitFor();
    await expect.poll(() => page.getByRole("switch").isEnabled()).toBe(true);
    expect(await overflowsViewport(page)).toBe(false);
    await screenshot(page, `admin-tab-cache-${viewport}`);

    await page.getByRole("tab", { name: "Page Headers" }).click();
    await page.getByTestId("page-headers-help").waitFor();
    expect(await page.getByTestId("stat-cached-items").count()).toBe(0);
    expect(await overflowsViewport(page)).toBe(false);
    await screenshot(page, `admin-tab-page-headers-${viewport}`);

    await page.getByRole("tab", { name: "Notion Sync" }).click();
    await page.getByTestId("notion-tables").waitFor();
    await page.locator('[data-testid="last-sync"][data-outcome="Succeeded"]').waitFor();
    expect(await page.getByTestId("notion-table-row").count()).toBe(12);
    expect(await overflowsViewport(page)).toBe(false);
    await screenshot(page, `admin-tab-notion-sync-${viewport}`);

    // The local stack emails enquiries and runs without Turnstile: the Settings tab says so, with the steps to turn it on.
    await page.getByRole("tab", { name: "Settings" }).click();
    await page.getByTestId("settings-form").waitFor();
    expect(await page.getByTestId("optional-email").getAttribute("data-state")).toBe("on");
    const turnstile = page.getByTestId("optional-turnstile");
    expect(await turnstile.getAttribute("data-state")).toBe("off");
    expect(await turnstile.getByRole("listitem").count()).toBe(3);
    expect(await page.getByLabel("Currency").inputValue()).toBe("USD");
    expect(await page.getByTestId("settings-price-preview").textContent()).toBe(
      "Prices will read $1,250.5 on item pages, $1,251 on cards.",
    );
    expect(await overflowsViewport(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `admin-tab-settings-${viewport}`);
    await context.close();
  });
});
