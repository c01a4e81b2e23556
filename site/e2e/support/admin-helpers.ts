import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { open, type VIEWPORTS } from "./browser";
import { ADMIN_PATHS } from "#contract/api-paths";
import { ADMIN_PASSWORD } from "./stack";

/** A context at `viewport` whose cookie jar holds an admin session (signed in through the API). */
export async function signedInContext(browser: Browser, viewport: keyof typeof VIEWPORTS = "desktop"): Promise<BrowserContext> {
  const context = await open(browser, viewport);
  const res = await context.request.post(ADMIN_PATHS.session, { data: { password: ADMIN_PASSWORD } });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  return context;
}

/** Opens /admin in a signed-in context and waits for the panel; `tab` picks a tab other than the default. */
export async function openAdmin(context: BrowserContext, tab?: "Page Headers" | "Notion Sync"): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByTestId("admin-panel").waitFor();
  if (tab) await page.getByRole("tab", { name: tab }).click();
  return page;
}

/** The schema sync's confirmation dialog. */
export const schemaSyncDialog = (page: Page): Locator => page.getByRole("alertdialog", { name: "Drop and recreate every Notion table?" });

/** Presses Sync Notion Schemas and confirms in its dialog that every notion_* table is dropped. */
export async function confirmSchemaSync(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sync Notion Schemas" }).click();
  await schemaSyncDialog(page).getByRole("button", { name: "Drop and recreate tables" }).click();
}

/** The open toast (at most one is shown). */
export const openToast = (page: Page): Locator => page.locator('[data-testid="toast"][data-state="open"]');

/** Waits for the open toast titled `title` (and holding `description`, if given); returns its description and variant. */
export async function waitForToast(
  page: Page,
  title: string,
  description?: string,
): Promise<{ description: string | null; variant: string | null }> {
  let toast = page.locator('[data-testid="toast"][data-state="open"]', {
    has: page.getByTestId("toast-title").getByText(title, { exact: true }),
  });
  if (description !== undefined)
    toast = toast.filter({ has: page.getByTestId("toast-description").getByText(description, { exact: true }) });
  await toast.waitFor({ timeout: 20_000 });
  const text = toast.getByTestId("toast-description");
  return { description: (await text.count()) ? await text.textContent() : null, variant: await toast.getAttribute("data-variant") };
}

/** A number shown on a stats card (`cached-items`, `cache-hits`, `cache-misses`; `hit-rate` as text). */
export async function statText(page: Page, id: "cached-items" | "hit-rate" | "cache-hits" | "cache-misses"): Promise<string> {
  return (await page.getByTestId(`stat-${id}`).locator("dd").textContent()) ?? "";
}
