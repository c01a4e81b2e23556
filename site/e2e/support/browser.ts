import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Base URL of the worker serving the built site, set by scripts/test-e2e.ts as TEST_SITE_URL (vitest itself sets BASE_URL to "/"). */
export const BASE_URL = process.env.TEST_SITE_URL ?? "http://127.0.0.1:8787";

/** Folder of the built site the worker serves, set by scripts/test-e2e.ts as TEST_SITE_DIST (`npm start` builds into dist/). */
export const SITE_DIST = process.env.TEST_SITE_DIST ?? resolve(import.meta.dirname, "../../../dist");

/** Flags for Debian's Chromium in a closed-network sandbox. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium builds the tests can drive, preferred first. */
export const TEST_BROWSERS = [
  // Package chromium-headless-shell: Chromium's headless-only build, the one Playwright itself runs headless tests in, and
  // lighter on the CPU than the full browser's headless mode.
  "/usr/bin/chromium-headless-shell",
  // Package chromium: the full browser (bench:web measures in it, as visitors see pages).
  "/usr/bin/chromium",
] as const;

/** The Chromium the tests drive: the first of TEST_BROWSERS installed, or undefined when none is. */
export const TEST_BROWSER = TEST_BROWSERS.find((path) => existsSync(path));

/** Options that launch the tests' Chromium through playwright-core. */
export const CHROMIUM_LAUNCH = { executablePath: TEST_BROWSER ?? TEST_BROWSERS[0], args: CHROMIUM_ARGS };

/**
 * The browser of a test file: a connection to the one Chromium `npm run test:e2e` started for the whole run
 * (TEST_BROWSER_WS), so each file pays for a connection rather than a browser start; a Chromium of its own otherwise.
 * Closing it closes the file's contexts (and, launched here, the browser).
 */
export function launch(): Promise<Browser> {
  const shared = process.env.TEST_BROWSER_WS;
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_LAUNCH);
}

/** Desktop (1280 px) and mobile (375 px) viewports used by the tests. */
export const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 740 } } as const;

/** A fresh context at a viewport, with the base URL set. */
export function open(browser: Browser, viewport: keyof typeof VIEWPORTS = "desktop"): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE_URL, viewport: VIEWPORTS[viewport] });
}

const kept = new WeakMap<Browser, Promise<Page>>();

/**
 * The test file's kept page (closed with its browser), resized to a viewport (a name of VIEWPORTS or a size), for tests
 * that visit public pages and read them: each navigates it afresh. A fresh context starts a renderer process and loads
 * every script cold, several times the CPU of a navigation in a kept page. Tests that sign in, route requests, listen
 * for page events or leave state behind open a context of their own.
 */
export async function keptPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS | { width: number; height: number } = "desktop",
): Promise<Page> {
  let page = kept.get(browser);
  if (!page) kept.set(browser, (page = open(browser).then((context) => context.newPage())));
  const shown = await page;
  await shown.setViewportSize(typeof viewport === "string" ? VIEWPORTS[viewport] : viewport);
  return shown;
}

const SHOTS = resolve(import.meta.dirname, "../../../test-results/screenshots");

/**
 * Saves a full-page screenshot as a test artefact under test-results/screenshots when E2E_SCREENSHOTS=1
 * (`npm run test:e2e:screenshots`); otherwise does nothing, as encoding them costs CPU every run would pay.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });
}
