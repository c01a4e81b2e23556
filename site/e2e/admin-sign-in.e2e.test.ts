import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BASE_URL, launch, open, screenshot, SITE_DIST } from "./support/browser";
import type { SyncStatus } from "#contract/sync-runs";
import { ADMIN_PASSWORD, adminClient, NOTION_TOKEN, notionTables } from "./support/stack";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const passwordField = (page: Page) => page.getByLabel("Password");
const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in" });
const signInError = (page: Page) => page.getByTestId("admin-sign-in-error");

/** Types `password` once the form has cleared the previous one (it empties the field after each answer). */
async function fillPassword(page: Page, password: string): Promise<void> {
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("#admin-password")?.value ?? "") === "");
  await passwordField(page).fill(password);
}

async function submitPassword(page: Page, password: string): Promise<number> {
  await fillPassword(page, password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/admin/session") && r.request().method() === "POST"),
    signInButton(page).click(),
  ]);
  return response.status();
}

describe("admin sign-in", () => {
  it("keeps the Admin Panel link visible to visitors and shows the sign-in card at /admin", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    await page.goto("/");
    const link = page.getByRole("navigation").getByRole("link", { name: "Admin Panel" });
    expect(await link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const card = page.getByTestId("admin-sign-in");
    await card.waitFor();
    expect(await card.getByRole("heading", { name: "Admin sign-in" }).isVisible()).toBe(true);
    expect(await page.getByTestId("admin-panel").count()).toBe(0);
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await signInButton(page).isDisabled()).toBe(true);
    await screenshot(page, "admin-sign-in-card-desktop");
    await context.close();
  });

  it("refuses a wrong password with an error under the field", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    await page.goto("/admin");
    expect(await submitPassword(page, "not-the-password")).toBe(401);
    expect(await signInError(page).textContent()).toBe("Incorrect password. Please try again.");
    expect(await passwordField(page).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("admin-panel").count()).toBe(0);
    expect(await context.cookies()).toEqual([]);
    await screenshot(page, "admin-sign-in-wrong-password-desktop");
    await context.close();
  });

  it("delays a client with 429 and a clear message after 5 wrong passwords, even with the right one", async () => {
    // Throttling is per client (CF-Connecting-IP, which Cloudflare sets and wrangler dev fills in as 127.0.0.1):
    // this context poses as its own client so the lock-out does not reach the other tests' sign-ins.
    const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { "CF-Connecting-IP": client },
    });
    const page = await context.newPage();
    await page.goto("/admin");
    for (let attempt = 1; attempt <= 5; attempt++) expect(await submitPassword(page, `guess-${attempt}`)).toBe(401);
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/admin/session") && r.request().method() === "POST"),
      fillPassword(page, "guess-6").then(() => signInButton(page).click()),
    ]);
    expect(refused.status()).toBe(429);
    const retryAfter = Number(await refused.headerValue("retry-after"));
    expect(retryAfter).toBeGreaterThan(45);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await signInError(page).textContent()).toBe("Too many sign-in attempts. Try again in 1 minute.");
    await screenshot(page, "admin-sign-in-throttled-desktop");
    expect(await submitPassword(page, ADMIN_PASSWORD)).toBe(429);
    expect(await page.getByTestId("admin-panel").count()).toBe(0);
    await context.close();
  });

  it("opens the panel for the right password with an HttpOnly, SameSite=Strict, 12-hour session that survives a reload", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    await page.goto("/admin");
    const before = Date.now() / 1000;
    expect(await submitPassword(page, ADMIN_PASSWORD)).toBe(200);
    await page.getByTestId("admin-panel").waitFor();
    expect(await page.getByRole("tab", { name: "Cache Management" }).getAttribute("aria-selected")).toBe("true");
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "admin_session", httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie!.expires - before).toBeGreaterThan(12 * 3600 - 60);
    expect(cookie!.expires - before).toBeLessThan(12 * 3600 + 60);
    expect(await page.evaluate(() => document.cookie)).not.toContain("admin_session");
    await page.reload();
    await page.getByTestId("admin-panel").waitFor();
    expect(await page.getByTestId("admin-sign-in").count()).toBe(0);
    await screenshot(page, "admin-signed-in-desktop");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("admin-sign-in").waitFor();
    expect(await context.cookies()).toEqual([]);
    expect((await context.request.get("/api/admin/cache/stats")).status()).toBe(401);
    await page.reload();
    await page.getByTestId("admin-sign-in").waitFor();
    await context.close();
  });

  it("never sends the admin password or the Notion token to the browser, nor writes one into the built site", async () => {
    const context = await open(browser, "desktop");
    const page = await context.newPage();
    const bodies: Promise<{ url: string; text: string }>[] = [];
    page.on("response", (response) => {
      if (!/html|javascript|json|css|text/.test(response.headers()["content-type"] ?? "")) return;
      bodies.push(
        response.text().then(
          (text) => ({ url: response.url(), text }),
          () => ({ url: response.url(), text: "" }),
        ),
      );
    });
    await page.goto("/admin");
    await submitPassword(page, ADMIN_PASSWORD);
    await page.getByTestId("admin-panel").waitFor();
    await page.getByRole("tab", { name: "Page Headers" }).click();
    await page.getByRole("tab", { name: "Notion Sync" }).click();
    await page.getByTestId("notion-tables").waitFor();
    const seen = await Promise.all(bodies);
    expect(seen.some((b) => new URL(b.url).pathname === "/admin" && b.text.includes("<html"))).toBe(true);
    expect(seen.filter((b) => b.url.endsWith(".js")).length).toBeGreaterThan(3);
    expect(seen.some((b) => b.url.endsWith("/api/admin/notion-tables"))).toBe(true);
    for (const { url, text } of seen) {
      expect(text.includes(ADMIN_PASSWORD), `${url} holds the admin password`).toBe(false);
      expect(text.includes(NOTION_TOKEN), `${url} holds the Notion token`).toBe(false);
    }
    const source = await page.content();
    expect(source.includes(ADMIN_PASSWORD)).toBe(false);
    // Every file the build wrote: none may carry a secret the worker holds.
    const built = readdirSync(SITE_DIST, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(built.length).toBeGreaterThan(50);
    for (const file of built) {
      const text = readFileSync(join(file.parentPath, file.name), "latin1");
      expect(text.includes(NOTION_TOKEN), `${file.name} holds the Notion token`).toBe(false);
      expect(text.includes(ADMIN_PASSWORD), `${file.name} holds the admin password`).toBe(false);
    }
    await context.close();
  });
});

describe("admin API without a session", () => {
  it("answers an unauthenticated POST /api/admin/notion-sync-schemas with 401 JSON and drops nothing", async () => {
    const admin = await adminClient();
    const tablesBefore = await notionTables(admin);
    const statusBefore = await admin.call<SyncStatus>("/api/admin/sync-status");
    expect(tablesBefore.length).toBe(12);
    expect(tablesBefore.every((t) => t.recordCount > 0)).toBe(true);

    const res = await fetch(`${BASE_URL}/api/admin/notion-sync-schemas`, { method: "POST" });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "Sign in to use the admin panel" });

    expect(await notionTables(admin)).toEqual(tablesBefore);
    expect(await admin.call<SyncStatus>("/api/admin/sync-status")).toEqual(statusBefore);
  });

  it("answers 403 to a state-changing admin call from another Origin, even with a session", async () => {
    const context = await open(browser, "desktop");
    await context.request.post("/api/admin/session", { data: { password: ADMIN_PASSWORD } });
    const res = await context.request.post("/api/admin/cache/clear", { headers: { Origin: "https://evil.example" } });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-origin admin requests are not allowed" });
    await context.close();
  });
});
