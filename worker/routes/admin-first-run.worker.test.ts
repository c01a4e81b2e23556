import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import {
  CatalogueCheckedSchema,
  FirstRunStateSchema,
  NotionConnectionSchema,
  type CatalogueChecked,
  type FirstRunState,
  type NotionConnection,
} from "#contract/first-run";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { writeSetting } from "../data/site-settings";
import { resetSubscription } from "../data/webhook-subscription";
import { adminFetch } from "../test/admin";
import { control } from "../test/notion-sync";
import { deliver, deliverSigned, webhookEvent, WEBHOOK_TOKEN } from "../test/webhooks";

const FIRST_RUN = ADMIN_PATHS.firstRun;

async function state(): Promise<FirstRunState> {
  const res = await adminFetch(FIRST_RUN);
  expect(res.status).toBe(200);
  return FirstRunStateSchema.parse(await res.json());
}

async function connection(): Promise<NotionConnection> {
  const res = await adminFetch(`${FIRST_RUN}/notion`);
  expect(res.status, await res.clone().text()).toBe(200);
  return NotionConnectionSchema.parse(await res.json());
}

const newPage = async (title: string) => (await (await control("pages", { title })).json<{ id: string }>()).id;
const bare = (id: string) => id.replace(/-/g, "");

beforeEach(() => env.DB.exec("DELETE FROM site_settings"));
afterEach(() => control("reset"));

describe("GET /api/admin/first-run", () => {
  it("a new site: no step done; each step done from what the worker keeps, until the card is done", async () => {
    expect(await state()).toEqual({
      done: false,
      steps: {
        notion: { done: false, parentPageId: null },
        catalogue: { done: false, run: null },
        firstSync: { done: false },
        rebuilds: { done: false, source: "none" },
        webhooks: { done: false, state: "not-set-up" },
      },
    });
    const page = await newPage("Antique Coin-Op");
    expect((await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page } })).status).toBe(200);
    await writeSetting(env.DB, "deployHookUrl", "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/0123456789abcdef");
    // A sync that published a category's table: the catalogue in Notion is evidently there, whoever made it.
    await env.DB.exec('CREATE TABLE "notion_slot_machines" ("id" TEXT PRIMARY KEY)');
    try {
      expect((await state()).steps).toMatchObject({
        notion: { done: true, parentPageId: bare(page) },
        catalogue: { done: true },
        firstSync: { done: true },
        rebuilds: { done: true, source: "panel" },
        webhooks: { done: false, state: "not-set-up" },
      });
      expect((await deliver({ verification_token: WEBHOOK_TOKEN })).status).toBe(200);
      expect((await state()).steps.webhooks).toEqual({ done: false, state: "waiting-for-first-event" });
      expect((await deliverSigned(webhookEvent("page.properties_updated", crypto.randomUUID()))).status).toBe(200);
      expect(await state()).toMatchObject({ done: true, steps: { webhooks: { done: true, state: "verified" } } });
    } finally {
      await env.DB.exec('DROP TABLE "notion_slot_machines"');
      await resetSubscription(env.DB);
    }
  });
});

describe("GET /api/admin/first-run/notion", () => {
  it("answers the integration behind the token and the pages shared with it, not a database's rows, newest first", async () => {
    const older = await newPage("Old notes");
    const page = await newPage("Antique Coin-Op");
    const answer = await connection();
    expect(answer).toMatchObject({
      integration: { name: "Local integration", workspace: "Local workspace" },
      parent: null,
      parentProblem: null,
    });
    expect(answer.pages.slice(0, 2)).toEqual([
      { id: bare(page), title: "Antique Coin-Op", url: expect.stringContaining(bare(page)) },
      { id: bare(older), title: "Old notes", url: expect.any(String) },
    ]);
    // The demo's items are rows of its databases: none is a page the catalogue could sit under.
    expect(answer.pages.map((p) => p.title)).not.toContain("Mills Black Cherry 25¢");
    expect(answer.more).toBe(false);
  });

  it("shows the kept page by its title, or why it cannot be used", async () => {
    const page = await newPage("Antique Coin-Op");
    await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page } });
    expect((await connection()).parent).toEqual({ id: bare(page), title: "Antique Coin-Op" });
    await writeSetting(env.DB, "notionParentPageId", "0badc0de00004000800000000000beef");
    expect(await connection()).toMatchObject({
      parent: null,
      parentProblem:
        "The integration cannot see the page 0badc0de-0000-4000-8000-00000000beef: it does not exist or is not shared with the integration. In Notion, open the page, choose ••• → Connections and add your integration, then try again.",
    });
  });

  // Notion down is answered after the request's own retries, about 4.5 s of back-off: past vitest's 5 s on a loaded machine.
  it("answers 502 in the words for a token Notion refuses, and for Notion down", { timeout: 30_000 }, async () => {
    await control("faults", { status: 401, code: "unauthorized", message: "API token is invalid." });
    const refused = await adminFetch(`${FIRST_RUN}/notion`);
    expect(refused.status).toBe(502);
    expect((await refused.json<{ error: string }>()).error).toMatch(
      /^Notion refused the integration's token \(401 unauthorized: API token is invalid\): the token is wrong or was revoked\. Fix: /,
    );
    await control("faults", { status: 503, times: 20, code: "service_unavailable", message: "Notion is down" });
    const down = await adminFetch(`${FIRST_RUN}/notion`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({
      error:
        "Notion was unavailable (503 service_unavailable: Notion is down), however often it was asked. Fix: nothing to do: try again in a few minutes.",
    });
  });
});

describe("POST /api/admin/first-run/check (Use my databases)", () => {
  it("runs the workspace check under the kept page, records it, and counts the catalogue step done when all is in order", async () => {
    expect((await adminFetch(`${FIRST_RUN}/check`, { method: "POST" })).status).toBe(400);
    const page = await newPage("My own page");
    await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page } });
    const res = await adminFetch(`${FIRST_RUN}/check`, { method: "POST" });
    expect(res.status).toBe(200);
    const answer: CatalogueChecked = CatalogueCheckedSchema.parse(await res.json());
    // The demo workspace's databases sit at the workspace's top: found by search.
    expect(answer.check).toMatchObject({ ok: true, findings: [], parentPageId: bare(page) });
    expect(answer.run).toMatchObject({
      kind: "check",
      ok: true,
      parentPageId: bare(page),
      databasesDone: NOTION_LAYOUT.length,
      lines: NOTION_LAYOUT.map((db) => `${db.title}: found by Notion's search, not under the catalogue's page`),
      message: `All ${NOTION_LAYOUT.length} databases the site reads are shared with the integration, each with every property it needs. Next: the first sync.`,
    });
    expect((await state()).steps.catalogue).toEqual({ done: true, run: answer.run });
    // Another page chosen since: that page's catalogue is not checked yet.
    await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page: await newPage("Another page") } });
    expect((await state()).steps.catalogue.done).toBe(false);
  });

  it("names every database missing, with its fix, and leaves the step to do", async () => {
    await control("databases", { title: "Posts", properties: { Title: { type: "title" } }, pages: [], replace: true });
    const page = await newPage("My own page");
    await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page } });
    const { run } = CatalogueCheckedSchema.parse(await (await adminFetch(`${FIRST_RUN}/check`, { method: "POST" })).json());
    expect(run.ok).toBe(false);
    expect(run.message).toMatch(/^\d+ problems: until fixed, the site misses what they name\. Fix them in Notion/);
    expect(run.lines.some((line) => line.startsWith("Posts: property "))).toBe(true);
    expect((await state()).steps.catalogue.done).toBe(false);
  });
});
