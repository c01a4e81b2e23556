/**
 * The build when API calls fail: one real `astro build` reads the stack's API through a proxy that answers content paths
 * with 500/502/503 or never (their documented fallbacks are published) and the bulk catalogue and listing paths with transient faults
 * (retried: the pages come out right); Chromium visits that build, served as the worker serves its assets. Then two builds
 * whose catalogue or listing keeps failing must fail, naming the page, and leave the published folder byte-identical; so
 * must one whose worker cannot say whether anything was ever published. Last, the first build of a new site (the worker
 * says nothing was ever published) succeeds with an empty catalogue and the first-run note.
 */
import { createHash } from "node:crypto";
import { itemPagePath } from "#contract/item-address";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { POSTS } from "#workspace/demo/content/posts";
import { PAGE_DESCRIPTIONS, PAGE_HEADERS } from "#workspace/demo/content/site-content";
import { cacheDirFor } from "../../scripts/lib/build-cache.ts";
import { buildSite } from "../../scripts/lib/build-site.ts";
import { startFaultProxy, type Fault, type FaultProxy } from "../../scripts/lib/fault-proxy.ts";
import { ROOT } from "../../scripts/lib/quiet-env.ts";
import { serveStaticSite, type StaticSite } from "../../scripts/lib/static-site.ts";
import { SHELL_DEFAULTS } from "../lib/build/shell";
import { LISTING_PAGE_SIZE } from "#contract/listing";
import { PAGE_DEFAULTS } from "../lib/page-defaults";
import { BASE_URL, keptPage, launch, screenshot, VIEWPORTS } from "./support/browser";
import { apiItems, type ApiItem } from "./support/catalogue-helpers";
import { demoRow, demoText, VIEWPORT_NAMES } from "./support/site-helpers";
import { waitForPublisherIdle } from "./support/stack";

const NOTICE = "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence";
const OUT_DIR = `.wrangler/build-faults-${process.pid}`;
const JSON_500 = { status: 500, body: JSON.stringify({ error: "D1 is unavailable" }) } satisfies Fault;
const EMPTY_502 = { status: 502, reason: "" } satisfies Fault;
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
let gallerySlot: ApiItem;

/** A digest of every file name and byte under a folder. */
function treeHash(dir: string): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    hash.update(name);
    try {
      hash.update(readFileSync(join(dir, name)));
    } catch {
      // a folder: its name is enough
    }
  }
  return hash.digest("hex");
}

/** Builds into OUT_DIR through a proxy with `faults`, at most 2 retries per request; resolves with the build's error message. */
async function failingBuild(buildFaults: Record<string, Fault>): Promise<{ message: string; proxy: FaultProxy }> {
  const failing = await startFaultProxy(BASE_URL, buildFaults);
  process.env.SITE_API_RETRIES = "2";
  try {
    await buildSite({ url: failing.url }, OUT_DIR, (line) => console.log(`build-faults: ${line}`));
    return { message: "the build succeeded", proxy: failing };
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error), proxy: failing };
  } finally {
    delete process.env.SITE_API_RETRIES;
    await failing.close();
  }
}

function cleanUp(): void {
  for (const dir of [resolve(ROOT, OUT_DIR), resolve(ROOT, `${OUT_DIR}.building`), cacheDirFor(OUT_DIR)])
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

beforeAll(async () => {
  [slot, healthySlot] = (await apiItems("slots")) as [ApiItem, ApiItem];
  gallerySlot = (await apiItems("slots")).find((item) => !item.forSale) ?? healthySlot;
  arcade = (await apiItems("arcades"))[0]!;
  stimulator = (await apiItems("trade-stimulators"))[0]!;
  vending = (await apiItems("vending"))[0]!;
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
    // Catalogue requests fail a few times, then answer: the build retries them and publishes the real pages.
    "/api/build/catalogue/slots": { ...JSON_500, times: 2 },
    "/api/build/catalogue/arcades": { ...EMPTY_502, times: 1 },
    "/api/build/catalogue/trade-stimulators": { status: 503, reason: "Upstream Busy", times: 1 },
    "/api/build/catalogue/vending": { reset: true, times: 1 },
    "/api/collection/parts/for-sale": {
      status: 429,
      headers: { "Retry-After": "1" },
      body: JSON.stringify({ error: "Too many requests" }),
      times: 1,
    },
  };
  proxy = await startFaultProxy(BASE_URL, faults);
  cleanUp();
  // Another file's rebuild of the stack would share the CPU and Astro's caches with this build.
  await waitForPublisherIdle();
  process.env.SITE_API_TIMEOUT_MS = TIMEOUT_MS;
  try {
    await buildSite({ url: proxy.url }, OUT_DIR, (line) => console.log(`build-faults: ${line}`));
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

/** Opens `path` of the site built with failing calls (served apart from the stack's), in the file's kept page. */
async function visit(viewport: keyof typeof VIEWPORTS, path: string): Promise<Page> {
  const page = await keptPage(browser, viewport);
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.status(), path).toBe(200);
  return page;
}

describe("the build with failing API calls", () => {
  it("finished, having requested every failing path (a page header four times: three retries after a 500) and retried each transient catalogue fault", () => {
    for (const path of Object.keys(faults)) expect(proxy.hits(path), path).toBeGreaterThan(0);
    expect(proxy.hits("/api/page-headers/news")).toBe(4);
    expect(proxy.hits("/api/posts/section/literature")).toBe(1);
    expect(proxy.hits("/api/build/catalogue/slots")).toBe(3);
    expect(proxy.hits("/api/build/catalogue/arcades")).toBe(2);
    expect(proxy.hits("/api/build/catalogue/trade-stimulators")).toBe(2);
    expect(proxy.hits("/api/build/catalogue/vending")).toBe(2);
    // Items come in bulk: the build asks for no single item.
    expect(proxy.hits(`/api/collection/slots/${slot.id}`)).toBe(0);
  });
});

describe.each(VIEWPORT_NAMES)("pages built while API calls failed, at %s", (viewport) => {
  it("shows the construction notice with the default sentence and the default contact details and site name", async () => {
    const page = await visit(viewport, "/");
    expect(await page.getByTestId("site-banner").textContent()).toBe(NOTICE);
    const header = page.getByTestId("site-header");
    expect(await header.getByTestId("header-title").textContent()).toBe(SHELL_DEFAULTS.siteName);
    expect(await header.getByRole("link", { name: SHELL_DEFAULTS.phone }).filter({ visible: true }).getAttribute("href")).toBe(
      `tel:${SHELL_DEFAULTS.phone.replace(/[^\d+]/g, "")}`,
    );
    expect(await header.getByRole("link", { name: SHELL_DEFAULTS.email }).filter({ visible: true }).getAttribute("href")).toBe(
      `mailto:${SHELL_DEFAULTS.email}`,
    );
    const contact = page.getByTestId("footer-contact");
    expect((await contact.getByRole("listitem").allTextContents()).map((t) => t.trim())).toEqual([
      SHELL_DEFAULTS.phone,
      SHELL_DEFAULTS.email,
      SHELL_DEFAULTS.location,
    ]);
    expect(await page.title()).toBe(`${demoRow(PAGE_HEADERS, "Page Id", "home").Title} | ${SHELL_DEFAULTS.siteName}`);
    await screenshot(page, `build-faults-shell-${viewport}`);
  });

  it.each([
    ["literature", "answered 500"],
    ["miscellaneous", "timed out"],
  ] as const)(
    "shows 'Error / Failed to load posts. Please try again later.' on %s, whose posts %s, under the section's own title and description",
    async (section, _failure) => {
      const page = await visit(viewport, `/${section}`);
      const error = page.getByTestId("posts-error");
      expect(await error.getByRole("heading").textContent()).toBe("Error");
      expect(await error.getByText("Failed to load posts. Please try again later.", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByTestId("post").count()).toBe(0);
      expect(await page.getByTestId("posts-empty").count()).toBe(0);
      expect(await page.getByTestId("page-title").textContent()).toBe(demoRow(PAGE_HEADERS, "Page Id", section).Title);
      expect((await page.getByTestId("page-description").textContent())?.replace(/\s+/g, " ").trim()).toBe(
        demoText(demoRow(PAGE_DESCRIPTIONS, "Section", section).Description),
      );
      await screenshot(page, `build-faults-posts-error-${section}-${viewport}`);
    },
  );

  it("shows 'Failed to load content' where the page description failed, and the section's posts", async () => {
    const page = await visit(viewport, "/services");
    expect(await page.getByTestId("content-error").textContent()).toBe("Failed to load content");
    expect(await page.getByTestId("page-description").count()).toBe(0);
    expect(await page.getByTestId("post").count()).toBe(POSTS.pages.filter((p) => p.properties.Section === "services").length);
    await screenshot(page, `build-faults-description-error-${viewport}`);
  });

  it("uses the page's default title and icon when its page header answered 500", async () => {
    const page = await visit(viewport, "/news");
    const heading = page.getByTestId("page-heading");
    expect(await heading.getByRole("heading", { level: 1 }).textContent()).toBe(PAGE_DEFAULTS.news.title);
    expect(await heading.locator("svg").getAttribute("data-icon")).toBe(PAGE_DEFAULTS.news.iconType);
    expect(await page.title()).toBe(`${PAGE_DEFAULTS.news.title} | ${SHELL_DEFAULTS.siteName}`);
    await screenshot(page, `build-faults-default-header-${viewport}`);
  });

  it.each([
    ["slots", "two 500s with a JSON body", () => slot],
    ["arcades", "a 502 without reason phrase or body", () => arcade],
    ["trade-stimulators", "a 503 'Upstream Busy'", () => stimulator],
    ["vending", "a cut connection", () => vending],
  ])("publishes the real page of a %s item whose category's bulk read first got %s", async (category, _fault, item) => {
    const page = await visit(viewport, itemPagePath("gallery", item()));
    expect(await page.getByTestId("item-detail").getByRole("heading", { level: 1 }).textContent()).toBe(item().title);
    expect(await page.getByTestId("item-not-found").count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.title()).toBe(`${item().title} | ${SHELL_DEFAULTS.siteName}`);
    await screenshot(page, `build-faults-item-${category}-${viewport}`);
  });

  it("still renders the items whose fetch succeeded", async () => {
    const page = await visit(viewport, itemPagePath("gallery", healthySlot));
    expect(await page.getByTestId("item-detail").getByRole("heading", { level: 1 }).textContent()).toBe(healthySlot.title);
    expect(await page.getByTestId("item-not-found").count()).toBe(0);
  });

  it("prerenders a listing whose first fetch got a 429 (retried after its Retry-After), with its items' pages", async () => {
    const shipped = await (await fetch(`${site.url}/for-sale/parts`)).text();
    expect(shipped).toContain('data-testid="item-card"');
    const page = await visit(viewport, "/for-sale/parts");
    const links = page.getByTestId("view-details");
    expect(await links.count()).toBe(Math.min(LISTING_PAGE_SIZE, parts.length));
    expect(await links.first().getAttribute("href")).toBe(`${itemPagePath("for-sale", parts[0]!)}?page=1`);
    await screenshot(page, `build-faults-listing-${viewport}`);
    const response = await page.goto(`${site.url}${itemPagePath("for-sale", parts[0]!)}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("item-detail").getByRole("heading", { level: 1 }).textContent()).toBe(parts[0]!.title);
  });
});

describe("a build whose catalogue keeps failing", () => {
  it("fails naming the category's item pages and the cause after its retries, and leaves the published build byte-identical", async () => {
    const before = treeHash(resolve(ROOT, OUT_DIR));
    const path = "/api/build/catalogue/slots";
    const { message, proxy: failing } = await failingBuild({ [path]: JSON_500 });
    expect(message).toContain(
      `Cannot build /gallery/slots/* and /for-sale/slots/*: GET ${path} failed after 3 attempts: 500: {"error":"D1 is unavailable"}`,
    );
    expect(failing.hits(path)).toBe(3);
    expect(treeHash(resolve(ROOT, OUT_DIR))).toBe(before);
    const page = await visit("desktop", itemPagePath("gallery", gallerySlot));
    expect(await page.getByTestId("item-detail").getByRole("heading", { level: 1 }).textContent()).toBe(gallerySlot.title);
  }, 240_000);

  it("fails naming the listing page when a listing keeps failing, and leaves the published build byte-identical", async () => {
    const before = treeHash(resolve(ROOT, OUT_DIR));
    const { message } = await failingBuild({ "/api/collection/parts/for-sale": { status: 503, reason: "Upstream Busy" } });
    expect(message).toMatch(
      /Cannot build \/for-sale\/parts: GET \/api\/collection\/parts\/for-sale\?page=1&limit=\d+ failed after 3 attempts: 503: Upstream Busy/,
    );
    expect(treeHash(resolve(ROOT, OUT_DIR))).toBe(before);
  }, 240_000);

  it("fails when the worker cannot say whether anything was ever published: an outage is never taken for a first run", async () => {
    const before = treeHash(resolve(ROOT, OUT_DIR));
    const { message } = await failingBuild({ "/api/build/status": JSON_500 });
    expect(message).toContain(
      'Cannot tell whether the catalogue was ever published: GET /api/build/status failed after 3 attempts: 500: {"error":"D1 is unavailable"}',
    );
    expect(treeHash(resolve(ROOT, OUT_DIR))).toBe(before);
  }, 240_000);
});

// Last: it replaces the build the tests above visit.
describe("the first build of a new site (nothing ever published)", () => {
  it("succeeds with an empty catalogue and the first-run note on every page, and says so in build-info.json", async () => {
    // The worker says no sync ever published the catalogue, and there is no live build to guard (a new site).
    const { message } = await failingBuild({
      "/api/build/status": { status: 200, body: JSON.stringify({ published: false }) },
      "/build-info.json": { status: 404 },
    });
    expect(message).toBe("the build succeeded");
    const out = resolve(ROOT, OUT_DIR);
    const info = JSON.parse(readFileSync(join(out, "build-info.json"), "utf8")) as { items: number; nothingPublished?: boolean };
    expect(info).toMatchObject({ items: 0, nothingPublished: true });
    const pages = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".html"));
    // No item page; every listing and content page carries the note.
    expect(pages.filter((name) => /^(gallery|for-sale)\/[^/]+\/[^/]+\.html$/.test(name))).toEqual([]);
    for (const name of ["index.html", "for-sale/slots.html", "gallery/arcades.html", "services.html"])
      expect(readFileSync(join(out, name), "utf8"), name).toContain('data-testid="first-run-note"');
    const page = await visit("desktop", "/gallery/slots");
    expect(await page.getByTestId("first-run-note").textContent()).toMatch(
      /^\s*This catalogue is being set up\. Its items appear here after the first sync from Notion\.\s*Site owner: open the admin panel to finish setting up\.\s*$/,
    );
    expect(await page.getByText("No Slot Machines found in the gallery at this time.").count()).toBe(1);
    await screenshot(page, "first-run-gallery-desktop");
  }, 240_000);
});
