import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itemPagePath } from "#contract/item-address";
import type { Browser } from "playwright-core";
import type { WebhookState } from "#contract/webhook-status";
import type { AdminClient } from "../../scripts/lib/admin-client.ts";
import { pageIdFor } from "../../scripts/notion-server/ids.ts";
import { LOCAL_WEBHOOK_TOKEN } from "../../scripts/notion-server/webhooks.ts";
import { openAdmin, signedInContext, waitForToast } from "./support/admin-helpers";
import { BASE_URL, launch, screenshot } from "./support/browser";
import { adminClient, buildInfo, buildOnRequest, NOTION_URL, setPageTitle, until, waitForRebuild } from "./support/stack";

const ORIGINAL_TITLE = "Jennings Sun Chief 5¢";
const ITEM_ID = pageIdFor("Slot Machines", ORIGINAL_TITLE);
const NEW_TITLE = `Jennings Sun Chief 5¢ edited live ${process.pid}`;
// The title is part of the item's address: the edit moves its page.
const ORIGINAL_PATH = itemPagePath("gallery", { id: ITEM_ID, category: "slots", title: ORIGINAL_TITLE });
const NEW_PATH = itemPagePath("gallery", { id: ITEM_ID, category: "slots", title: NEW_TITLE });

let browser: Browser;
let admin: AdminClient;
let items: number;
let webhookUrl: string;
let edited = false;

/** The prerendered item page at `path` (no redirect followed: the site's answer at that very address). */
const servedHtml = async (path: string) => {
  const res = await fetch(`${BASE_URL}${path}`, { redirect: "manual" });
  return res.status === 200 ? res.text() : "";
};
const apiTitle = async () => ((await (await fetch(`${BASE_URL}/api/collection/slots/${ITEM_ID}`)).json()) as { title?: string }).title;
const webhookControl = (method: "POST" | "DELETE", body?: unknown) =>
  fetch(`${NOTION_URL}/__control/webhook`, { method, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  browser = await launch();
  admin = await adminClient();
  // What is tested is the whole way from an edit to the live page: each rebuild the worker asks for is built at once.
  await buildOnRequest(true);
  items = (await buildInfo()).items;
  expect(await servedHtml(ORIGINAL_PATH)).toContain(ORIGINAL_TITLE);
  // The stack's Notion server sends no webhooks unless subscribed: only this file subscribes the worker, at the secret
  // URL the admin panel shows (the bare endpoint answers 404).
  webhookUrl = (await admin.call<WebhookState>("/api/admin/notion-webhook")).webhookUrl;
  expect(webhookUrl).toMatch(new RegExp(`^${BASE_URL}/api/notion/webhook/[A-Za-z0-9_-]{43}$`));
  const bare = await (await webhookControl("POST", { url: `${BASE_URL}/api/notion/webhook` })).json();
  expect(bare).toMatchObject({ status: 404 });
  const subscribed = await (await webhookControl("POST", { url: webhookUrl })).json();
  expect(subscribed).toMatchObject({ token: LOCAL_WEBHOOK_TOKEN, status: 200 });
});
/** Puts the item's title back through the webhook and waits until the API and the served page show it again. */
async function restoreTitle(): Promise<void> {
  if (!edited) return;
  // The webhook carries the title back too: wait until the API and the served page show it again before unsubscribing
  // (the new title contains the original, so the page must also have lost the new one).
  await setPageTitle(ITEM_ID, ORIGINAL_TITLE);
  await until("the original title in the API", async () => (await apiTitle()) === ORIGINAL_TITLE, 30_000);
  await until(
    "the original title on the served item page",
    async () => {
      const html = await servedHtml(ORIGINAL_PATH);
      return html.includes(ORIGINAL_TITLE) && !html.includes(NEW_TITLE);
    },
    150_000,
  );
  await waitForRebuild(admin, items, ORIGINAL_PATH, 150_000);
  edited = false;
}

afterAll(async () => {
  await browser?.close();
  if (!admin) return;
  await restoreTitle();
  await webhookControl("DELETE");
  await admin.call("/api/admin/notion-webhook", { method: "DELETE" });
  await buildOnRequest(false);
}, 330_000);

describe("Notion webhooks: edit in Notion -> live page, no button pressed", () => {
  it("shows the verification token to paste while no signed event has arrived, and the webhook URL with a working copy button", async () => {
    const context = await signedInContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    const page = await openAdmin(context, "Notion Sync");
    const card = page.getByTestId("webhook-card");
    await card.getByText("Waiting for the first event").waitFor();
    expect(await page.getByTestId("webhook-token").textContent()).toBe(LOCAL_WEBHOOK_TOKEN);
    expect(await card.getByTestId("webhook-url").textContent()).toBe(webhookUrl);
    await card.getByRole("button", { name: "Copy" }).click();
    await waitForToast(page, "Webhook URL copied", "Paste it into the subscription in Notion's integration settings");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);
    await screenshot(page, "admin-webhook-waiting-desktop");
    await context.close();
  });

  // Its own waits allow 30 s for the API and 150 s for the rebuild (a site build takes 40-100 s on a busy machine): the
  // default 60 s would cut it short while the rebuild is still under way.
  it(
    "an edit in the workspace reaches the API within seconds and the prerendered item page after one rebuild",
    { timeout: 240_000 },
    async () => {
      const edit = Date.now();
      await setPageTitle(ITEM_ID, NEW_TITLE);
      edited = true;
      await until("the new title in the API", async () => (await apiTitle()) === NEW_TITLE, 30_000);
      const apiSeconds = (Date.now() - edit) / 1000;
      await until("the new title on the served item page", async () => (await servedHtml(NEW_PATH)).includes(NEW_TITLE), 150_000);
      const pageSeconds = (Date.now() - edit) / 1000;
      console.log(`webhook: edit -> API ${apiSeconds.toFixed(1)} s, edit -> prerendered page ${pageSeconds.toFixed(1)} s`);
      expect(apiSeconds).toBeLessThan(15);

      const context = await signedInContext(browser);
      const page = await openAdmin(context, "Notion Sync");
      const card = page.getByTestId("webhook-card");
      await card.getByText("Last event: page.properties_updated at", { exact: false }).waitFor();
      expect(await card.getAttribute("data-state")).toBe("verified");
      expect(await page.getByTestId("webhook-token").count()).toBe(0);
      await screenshot(page, "admin-webhook-verified-desktop");
      await context.close();
    },
  );

  it(
    "New webhook URL, once confirmed, forgets the subscription and replaces the URL: the old one answers 404",
    { timeout: 330_000 },
    async () => {
      // The edit is put back first, while the subscription still carries it.
      await restoreTitle();
      const context = await signedInContext(browser);
      const page = await openAdmin(context, "Notion Sync");
      const card = page.getByTestId("webhook-card");
      await card.getByText("Verified", { exact: true }).waitFor();
      await card.getByRole("button", { name: "New webhook URL" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Make a new webhook URL?" });
      await dialog.waitFor();
      await screenshot(page, "admin-webhook-reset-confirm-desktop");
      await dialog.getByRole("button", { name: "Make a new URL" }).click();
      await waitForToast(
        page,
        "New webhook URL made",
        "Webhook subscription forgotten and a new webhook URL made; create the subscription in Notion again with the new URL",
      );
      await card.getByText("Not set up", { exact: true }).waitFor();
      const newUrl = await card.getByTestId("webhook-url").textContent();
      expect(newUrl).toMatch(new RegExp(`^${BASE_URL}/api/notion/webhook/[A-Za-z0-9_-]{43}$`));
      expect(newUrl).not.toBe(webhookUrl);
      const old = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ verification_token: LOCAL_WEBHOOK_TOKEN }),
      });
      expect(old.status).toBe(404);
      await context.close();
    },
  );
});
