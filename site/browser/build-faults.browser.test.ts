/**
 * States the site shows only when an API call fails at build time: one real `astro build` reads the stack's API through
 * a proxy that answers chosen paths with 500/502/503 or never, then Chromium visits that build, served as the worker
 * serves its assets.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { POSTS } from "../../scripts/demo-workspace/content/posts.ts";
import { PAGE_DESCRIPTIONS, PAGE_HEADERS } from "../../scripts/demo-workspace/content/site-content.ts";
import { buildSite } from "../../scripts/lib/build-site.ts";
import { startFaultProxy, type Fault, type FaultProxy } from "../../scripts/lib/fault-proxy.ts";
import { ROOT } from "../../scripts/lib/quiet-env.ts";
import { serveStaticSite, type StaticSite } from "../../scripts/lib/static-site.ts";
import { SHELL_DEFAULTS } from "../lib/build/shell";
import { PAGE_SIZE } from "../lib/config";
import { ITEM_NOT_FOUND_TEXT } from "../lib/item-fetch";
import { PAGE_DEFAULTS } from "../lib/page-defaults";
import { BASE_URL, launch, screenshot, VIEWPORTS } from "./browser";
import { apiItems, type ApiItem } from "./catalogue-helpers";
import { demoRow, demoText, VIEWPORT_NAMES } from "./site-helpers";
import { waitForPublisherIdle } from "./stack";

const NOTICE = "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence";
const OUT_DIR = `.wrangler/build-faults-${process.pid}`;
const JSON_500: Fault = { status: 500, body: JSON.stringify({ error: "D1 is unavailable" }) };
const EMPTY_502: Fault = { status: 502, reason: "" };
/** The build's per-request timeout in this test: long enough for a busy machine, short enough to keep the build quick. */
const TIMEOUT_MS = "15000";

let browser: Browser;
let proxy: FaultProxy;
let site: StaticSite;
let faults: Record<string, Fault>;
let slot: ApiItem;
let arcade: ApiItem;
let healthySlot: ApiItem;
let stimulator: ApiItem;
let vending: ApiItem;
let parts: ApiItem[];

function cleanUp(): void {
  for (const dir of [OUT_DIR, `${OUT_DIR}.building`]) rmSync(resolve(ROOT, dir), { recursive: true, force: true, maxRetries: 3 });
}

beforeAll(async () => {
  [slot, healthySlot] = await apiItems("slots");
  [arcade] = await apiItems("arcades");
  [stimulator] = await apiItems("trade-stimulators");
  [vending] = await apiItems("vending");
  parts = await apiItems("parts", "/for-sale");
  faults = {
    "/api/content/banner_message": JSON_500,
    "/api/content/phone_contact_info": EMPTY_502,
    "/api/content/email_contact_info": JSON_500,
    "/api/content/header_title_markdown": JSON_500,
    "/api/posts/section/literature": JSON_500,
    "/api/posts/section/miscellaneous": "hang",
    "/api/page-description/services": EMPTY_502,
    "/api/page-headers/news": JSON_500,
    [`/api/collection/slots/${slot.id}`]: JSON_500,
    [`/api/collection/arcades/${arcade.id}`]: EMPTY_502,
    [`/api/collection/trade-stimulators/${stimulator.id}`]: { status: 503, reason: "Upstream Busy" },
    [`/api/collection/vending/${vending.id}`]: "hang",
    "/api/collection/parts/for-sale": JSON_500,
  };
  proxy = await startFaultProxy(BASE_URL, faults);
  cleanUp();
  // Another file's rebuild of the stack would share the CPU and Astro's caches with this build.
  await waitForPublisherIdle();
  process.env.SITE_API_TIMEOUT_MS = TIMEOUT_MS;
  try {
    await buildSite(proxy.url, OUT_DIR, (line) => console.log(`build-faults: ${line}`));
  } finally {
    delete process.env.SITE_API_TIMEOUT_MS;
  }
  site = await serveStaticSite(resolve(ROOT, OUT_DIR), BASE_URL);
  browser = await launch();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await proxy?.close();
  cleanUp();
});

async function visit(viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url, viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return page;
}

describe("the build with failing API calls", () => {
  it("finished, having requested every failing path (a page header four times: three retries after a 500)", () => {
    for (const path of Object.keys(faults)) expect(proxy.hits(path), path).toBeGreaterThan(0);
    expect(proxy.hits("/api/page-headers/news")).toBe(4);
    expect(proxy.hits("/api/posts/section/literature")).toBe(1);
  });
});

describe.each(VIEWPORT_NAMES)("pages built while API calls failed, at %s", (viewport) => {
  it("shows the construction notice with the default sentence and the default contact details and site name", async () => {
    const page = await visit(viewport, "/");
    expect(await page.getByTestId("site-banner").textContent()).toBe(NOTICE);
    const header = page.getByTestId("site-header");
    expect(await header.getByTestId("header-title").textContent()).toBe(SHELL_DEFAULTS.siteName);
    expect(await header.getByRole("link", { name: SHELL_DEFAULTS.phone }).filter({ visible: true }).getAttribute("href")).toBe(`tel:${SHELL_DEFAULTS.phone.replace(/[^\d+]/g, "")}`);
    expect(await header.getByRole("link", { name: SHELL_DEFAULTS.email }).filter({ visible: true }).getAttribute("href")).toBe(`mailto:${SHELL_DEFAULTS.email}`);
    const contact = page.getByTestId("footer-contact");
    expect((await contact.getByRole("listitem").allTextContents()).map((t) => t.trim())).toEqual([SHELL_DEFAULTS.phone, SHELL_DEFAULTS.email, SHELL_DEFAULTS.location]);
    expect(await page.title()).toBe(`${demoRow(PAGE_HEADERS, "Page Id", "home").Title} | ${SHELL_DEFAULTS.siteName}`);
    await screenshot(page, `build-faults-shell-${viewport}`);
    await page.context().close();
  });

  it.each([
    ["literature", "answered 500"],
    ["miscellaneous", "timed out"],
  ] as const)("shows 'Error / Failed to load posts. Please try again later.' on %s, whose posts %s, under the section's own title and description", async (section, _failure) => {
    const page = await visit(viewport, `/${section}`);
    const error = page.getByTestId("posts-error");
    expect(await error.getByRole("heading").textContent()).toBe("Error");
    expect(await error.getByText("Failed to load posts. Please try again later.", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId("post").count()).toBe(0);
    expect(await page.getByTestId("posts-empty").count()).toBe(0);
    expect(await page.getByTestId("page-title").textContent()).toBe(demoRow(PAGE_HEADERS, "Page Id", section).Title);
    expect((await page.getByTestId("page-description").textContent())?.replace(/\s+/g, " ").trim()).toBe(demoText(demoRow(PAGE_DESCRIPTIONS, "Section", section).Description));
    await screenshot(page, `build-faults-posts-error-${section}-${viewport}`);
    await page.context().close();
  });

  it("shows 'Failed to load content' where the page description failed, and the section's posts", async () => {
    const page = await visit(viewport, "/services");
    expect(await page.getByTestId("content-error").textContent()).toBe("Failed to load content");
    expect(await page.getByTestId("page-description").count()).toBe(0);
    expect(await page.getByTestId("post").count()).toBe(POSTS.pages.filter((p) => p.properties.Section === "services").length);
    await screenshot(page, `build-faults-description-error-${viewport}`);
    await page.context().close();
  });

  it("uses the page's default title and icon when its page header answered 500", async () => {
    const page = await visit(viewport, "/news");
    const heading = page.getByTestId("page-heading");
    expect(await heading.getByRole("heading", { level: 1 }).textContent()).toBe(PAGE_DEFAULTS.news.title);
    expect(await heading.locator("svg").getAttribute("data-icon")).toBe(PAGE_DEFAULTS.news.iconType);
    expect(await page.title()).toBe(`${PAGE_DEFAULTS.news.title} | ${SHELL_DEFAULTS.siteName}`);
    await screenshot(page, `build-faults-default-header-${viewport}`);
    await page.context().close();
  });

  it.each([
    ["slots", "500 with a JSON body", () => slot, "Failed to fetch slots item: Internal Server Error", "Return to Slot Machines", "/gallery/slots"],
    ["arcades", "502 without reason phrase or body", () => arcade, "Failed to fetch arcades item: Bad Gateway", "Return to Arcade Machines", "/gallery/arcades"],
    ["trade-stimulators", "503 'Upstream Busy'", () => stimulator, "Failed to fetch trade-stimulators item: Upstream Busy", "Return to Trade Stimulators", "/gallery/trade-stimulators"],
    ["vending", "timeout", () => vending, ITEM_NOT_FOUND_TEXT, "Return to Vending Machines", "/gallery/vending"],
  ])("prerenders a %s item whose fetch got a %s as 'Item Not Found' with its message, served 200 and noindex", async (category, _fault, item, message, back, href) => {
    const page = await visit(viewport, `/gallery/${category}/${item().id}`);
    const card = page.getByTestId("item-not-found");
    expect(await card.getByRole("heading", { level: 1 }).textContent()).toBe("Item Not Found");
    expect(await card.getByTestId("item-error").textContent()).toBe(message);
    expect(await card.getByRole("link", { name: back }).getAttribute("href")).toBe(href);
    expect(await page.title()).toBe(`Item Not Found | ${SHELL_DEFAULTS.siteName}`);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(ITEM_NOT_FOUND_TEXT);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await page.getByTestId("not-found").count()).toBe(0);
    await screenshot(page, `build-faults-item-${category}-${viewport}`);
    await page.context().close();
  });

  it("still renders the items whose fetch succeeded", async () => {
    const page = await visit(viewport, `/gallery/slots/${healthySlot.id}`);
    expect(await page.getByTestId("item-detail").getByRole("heading", { level: 1 }).textContent()).toBe(healthySlot.title);
    expect(await page.getByTestId("item-not-found").count()).toBe(0);
    await page.context().close();
  });

  it("ships placeholders for a listing whose fetches failed at build time and loads page 1 in the browser; its items' pages were not prerendered, so the 404 page renders them", async () => {
    const shipped = await (await fetch(`${site.url}/for-sale/parts`)).text();
    expect(shipped).toContain('data-testid="listing-loading"');
    expect(shipped).not.toContain('data-testid="item-card"');
    const page = await visit(viewport, "/for-sale/parts");
    await page.getByTestId("item-grid").waitFor();
    const links = page.getByTestId("view-details");
    expect(await links.count()).toBe(Math.min(PAGE_SIZE, parts.length));
    expect(await links.first().getAttribute("href")).toBe(`/for-sale/parts/${parts[0].id}?page=1`);
    await screenshot(page, `build-faults-listing-${viewport}`);
    const response = await page.goto(`/for-sale/parts/${parts[0].id}`);
    expect(response?.status()).toBe(404);
    await page.getByTestId("item-detail").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(parts[0].title);
    await page.context().close();
  });
});
