import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { BASE_URL, launch, open, screenshot } from "./support/browser";
import { signedInContext } from "./support/admin-helpers";
import { firstItemPath } from "./support/site-helpers";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

/** Every page type, with what shows once its scripts have run (islands hydrated, data fetched). */
const PAGES: { name: string; path: () => Promise<string>; ready: (page: Page) => Promise<unknown>; admin?: boolean }[] = [
  { name: "home", path: async () => "/", ready: (p) => p.locator("main").waitFor() },
  { name: "content page", path: async () => "/literature", ready: (p) => p.locator("main").waitFor() },
  { name: "chooser", path: async () => "/gallery", ready: (p) => p.locator("main").waitFor() },
  {
    name: "listing, page 2 fetched in the browser",
    path: async () => "/gallery/slots?page=2",
    ready: (p) => p.locator('[data-testid="listing"]:not([aria-busy="true"]) [data-testid="item-card"]').first().waitFor(),
  },
  {
    name: "item page",
    path: () => firstItemPath("slots", "for-sale"),
    ready: (p) => p.locator("main h1").waitFor(),
  },
  {
    name: "404 page with the item fallback",
    path: async () => `/gallery/slots/${MISSING_ID}`,
    ready: (p) => p.getByText("Item Not Found").first().waitFor(),
  },
  {
    name: "search page, served by the worker with its first answer",
    path: async () => "/search?q=mills",
    ready: (p) => p.getByTestId("item-grid").waitFor(),
  },
  { name: "plain 404 page", path: async () => "/no-such-page", ready: (p) => p.locator("main").waitFor() },
  { name: "admin, signed out", path: async () => "/admin", ready: (p) => p.getByRole("button", { name: "Sign in" }).waitFor() },
  { name: "admin, signed in", path: async () => "/admin", ready: (p) => p.getByTestId("admin-panel").waitFor(), admin: true },
];

/** Starts recording CSP violations (events and console reports) on pages of `context` before any of their scripts run. */
async function recordViolations(context: BrowserContext): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  const consoleReports: string[] = [];
  context.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) consoleReports.push(m.text());
  });
  return async () => {
    const events = await Promise.all(
      context.pages().map((p) => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp).catch(() => [])),
    );
    return [...events.flat(), ...consoleReports];
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("security headers and Content-Security-Policy", () => {
  it.each(PAGES)("the $name carries the security headers and runs with no CSP violation", async ({ name, path, ready, admin }) => {
    const context = admin ? await signedInContext(browser) : await open(browser);
    const violations = await recordViolations(context);
    const page = await context.newPage();
    const response = await page.goto(await path(), { waitUntil: "networkidle" });
    await ready(page);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*; /);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(await violations()).toEqual([]);
    await screenshot(page, `security-headers-${name.replace(/\W+/g, "-")}`);
    await context.close();
  });

  it("enforces the policy: an injected inline script is refused and reported", async () => {
    const context = await open(browser);
    const violations = await recordViolations(context);
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.head.appendChild(script);
      await new Promise((r) => setTimeout(r, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations()).some((v) => v.startsWith("script-src-elem inline"))).toBe(true);
    await context.close();
  });

  it("lets no page frame the admin page", async () => {
    const context = await open(browser);
    const page = await context.newPage();
    const refused = new Promise<string>((resolve) =>
      page.on("console", (m) => /frame-ancestors|Refused to (display|frame)/i.test(m.text()) && resolve(m.text())),
    );
    // A page of no site's own (the site's pages allow frames only from the video players' origins).
    await page.setContent(`<iframe src="${BASE_URL}/admin"></iframe>`);
    expect(await refused).toMatch(/frame-ancestors 'none'/);
    const framed = page.frames().find((f) => f !== page.mainFrame());
    expect(
      await framed
        ?.locator("form")
        .count()
        .catch(() => 0),
    ).toBe(0);
    await context.close();
  });
});
