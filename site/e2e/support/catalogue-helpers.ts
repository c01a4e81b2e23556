import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { findCategory, type CategoryId } from "#contract/categories";
import { BASE_URL } from "./browser";

/** An item as the API lists it (the fields the tests look at). */
export type ApiItem = {
  id: string;
  category: string;
  title: string | null;
  year: number | null;
  price: number | null;
  forSale: boolean;
  description: string | null;
  manufacturer: string | null;
  mainImageUrl: string | null;
  additionalImageUrls: string[];
};

/** Every item of a listing view, straight from the running API (sorted as the site lists them). */
export async function apiItems(category: CategoryId, view: "" | "/gallery" | "/for-sale" = "/gallery"): Promise<ApiItem[]> {
  const res = await fetch(`${BASE_URL}/api/collection/${category}${view}?page=1&limit=100`);
  if (!res.ok) throw new Error(`listing ${category}${view}: ${res.status}`);
  return ((await res.json()) as { items: ApiItem[] }).items;
}

/** The demo item of a category with this title. */
export async function itemByTitle(category: CategoryId, title: string): Promise<ApiItem> {
  const item = (await apiItems(category, "")).find((i) => i.title === title);
  if (!item) throw new Error(`no ${category} item titled ${title}`);
  return item;
}

/** A category's display name. */
export function categoryName(category: CategoryId): string {
  return findCategory(category)?.name ?? category;
}

/** Holds matching requests until `release()` is called, so loading states stay on screen. */
export async function holdRequests(page: Page, match: (url: URL) => boolean): Promise<{ held: Promise<void>; release: () => void }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen = () => {};
  const held = new Promise<void>((resolve) => (seen = resolve));
  await page.route(
    (url) => match(url),
    async (route: Route) => {
      seen();
      await gate;
      await route.continue().catch(() => {});
    },
  );
  return { held, release };
}

/** Text content of every element a locator matches, trimmed. */
async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
}

/** The slots of both pagers as shown: numbers and '…'. */
export async function pagerSlots(page: Page, position: "top" | "bottom"): Promise<string[]> {
  return texts(page, `[data-testid="pager-${position}"] > :is([data-testid^="pager-page-"], span)`);
}

/** HTTP status of a path on the served site (a redirect's own, not followed). */
export async function statusOf(path: string): Promise<number> {
  const res = await fetch(`${BASE_URL}${path}`, { redirect: "manual" });
  await res.body?.cancel();
  return res.status;
}

/**
 * Waits until every island on the page has hydrated (Astro drops `ssr` from an island once it has); an island that
 * waits for the visitor (`client:interact`) is focused into hydrating first, as tabbing into it would.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('astro-island[ssr][client="interact"]')) island.dispatchEvent(new FocusEvent("focusin"));
  });
  await page.waitForFunction(() => document.querySelectorAll("astro-island").length > 0 && !document.querySelector("astro-island[ssr]"));
}

/** An item's title as its card shows it: with the year in brackets when it has one. */
export function cardTitle(item: ApiItem): string {
  return `${item.title}${item.year === null ? "" : ` (${item.year})`}`;
}

/** Titles on the listing's cards, as shown (with the year). */
export async function cardTitles(page: Page): Promise<string[]> {
  return texts(page, '[data-testid="item-grid"] [data-testid="item-card"] h2');
}

/** A fresh context at any viewport width (the shared `open` knows only 1280 and 375 px). */
export function openAt(browser: Browser, width: number, height = 900): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: { width, height } });
}

/** The details panel as shown: each section's title and its label/value rows. */
export async function detailsPanel(page: Page): Promise<{ title: string; rows: [string, string][] }[]> {
  return page
    .getByTestId("details-panel")
    .locator("section")
    .evaluateAll((sections) =>
      sections.map((s) => ({
        title: s.querySelector("h2")?.textContent?.trim() ?? "",
        rows: [...s.querySelectorAll("dt")].map(
          (dt) => [dt.textContent?.trim() ?? "", dt.nextElementSibling?.textContent?.trim() ?? ""] as [string, string],
        ),
      })),
    );
}

/** expect.poll options for states that wait on hydration and the API (vitest's default of 1 s is too short on a busy machine). */
export const POLL = { timeout: 15_000, interval: 100 };
