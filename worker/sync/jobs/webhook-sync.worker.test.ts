import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { RecordedCall } from "../../test/hook-recorder";
import { get } from "../../test/http";
import { control, countPaths, notionStats, rows, syncSchemas, syncTable } from "../../test/notion-sync";
import {
  deliver,
  deliverSigned,
  editPage,
  editSchema,
  pendingChanges,
  runDebouncer,
  titleValue,
  WEBHOOK_TOKEN,
  webhookEvent,
} from "../../test/webhooks";
import { startRun } from "../../data/sync-runs";
import { acquireLock, SYNC_LOCK, withLock } from "../../tables/lock";
import { afterSyncCoalescer } from "../publish/after-sync-coalescer";
import { inlineSteps } from "../../test/inline-sync";
import { webhookJob } from "./webhook-job";

type Slot = { id: string; title: string | null };
const slots = () => rows<Slot>("Slot Machines");
const titleOf = async (id: string) => (await slots()).find((t) => t.id === id)?.title;
const listedTitles = async () =>
  (await get<{ items: { id: string; title: string }[] }>("/api/collection/slots?limit=100")).body.items.map((i) => i.title);
let ids: string[];
let dataSourceId: string;

describe("webhook events -> debounced page sync -> live rows", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await control("reset");
    await syncSchemas();
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    ids = (await slots()).map((t) => t.id);
    dataSourceId = (await env.DB.prepare("SELECT data_source_id FROM sync_tables WHERE table_name = 'notion_slot_machines'").first<{
      data_source_id: string;
    }>())!.data_source_id;
    expect((await deliver({ verification_token: WEBHOOK_TOKEN })).status).toBe(200);
  }, 60_000);

  beforeEach(async () => {
    // Nothing left over from the previous test.
    await runDebouncer();
  });

  it("a page edit shows in D1 and the listing API once the batch runs, not before", async () => {
    await editPage(ids[0]!, { properties: titleValue("Webhook Robot") });
    expect((await deliverSigned(webhookEvent("page.properties_updated", ids[0]!))).status).toBe(200);
    expect(await titleOf(ids[0]!)).not.toBe("Webhook Robot");
    expect(await runDebouncer()).toBe(true);
    expect(await titleOf(ids[0]!)).toBe("Webhook Robot");
    expect(await listedTitles()).toContain("Webhook Robot");
  });

  it("keeps the search index in step: an edited title is found at once, a trashed page is found no more", async () => {
    const found = async (q: string) =>
      (await get<{ items: { id: string }[] }>(`/api/search?q=${encodeURIComponent(q)}`)).body.items.map((i) => i.id);
    await editPage(ids[4]!, { properties: titleValue("Zanzibar Wonder") });
    await deliverSigned(webhookEvent("page.properties_updated", ids[4]!));
    await runDebouncer();
    expect(await found("zanzib")).toEqual([ids[4]]);
    await editPage(ids[4]!, { in_trash: true });
    await deliverSigned(webhookEvent("page.deleted", ids[4]!));
    await runDebouncer();
    expect(await found("zanzib")).toEqual([]);
    await editPage(ids[4]!, { in_trash: false });
    await deliverSigned(webhookEvent("page.undeleted", ids[4]!));
    await runDebouncer();
    expect(await found("zanzib")).toEqual([ids[4]]);
  });

  it("events for several pages (and repeats of one) within the window make one batch: one Notion read per page, one sync run", async () => {
    await editPage(ids[1]!, { properties: titleValue("Batch One") });
    await editPage(ids[2]!, { properties: titleValue("Batch Two") });
    const before = await notionStats();
    const runsBefore = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_runs WHERE kind = 'page' AND started_by = 'webhook'").first<{
      n: number;
    }>())!.n;
    for (const id of [ids[1], ids[2], ids[1]]) expect((await deliverSigned(webhookEvent("page.properties_updated", id!))).status).toBe(200);
    expect((await pendingChanges()).pages.sort()).toEqual([ids[1], ids[2]].sort());
    expect(await runDebouncer()).toBe(true);
    const after = await notionStats();
    expect(countPaths(after, /^\/v1\/pages\//) - countPaths(before, /^\/v1\/pages\//)).toBe(2);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_runs WHERE kind = 'page' AND started_by = 'webhook'").first<{ n: number }>())!
        .n,
    ).toBe(runsBefore + 1);
    expect([await titleOf(ids[1]!), await titleOf(ids[2]!)]).toEqual(["Batch One", "Batch Two"]);
    expect(await runDebouncer()).toBe(false);
  });

  it("page.deleted removes the row (page in the trash); page.undeleted brings it back", async () => {
    const count = (await slots()).length;
    await editPage(ids[3]!, { in_trash: true });
    await deliverSigned(webhookEvent("page.deleted", ids[3]!));
    await runDebouncer();
    expect((await slots()).map((t) => t.id)).not.toContain(ids[3]);
    expect(await slots()).toHaveLength(count - 1);
    await editPage(ids[3]!, { in_trash: false });
    await deliverSigned(webhookEvent("page.undeleted", ids[3]!));
    await runDebouncer();
    expect((await slots()).map((t) => t.id)).toContain(ids[3]);
    expect(await slots()).toHaveLength(count);
  });

  it("a page Notion no longer has (404) loses its row", async () => {
    await env.DB.prepare("INSERT INTO notion_slot_machines (id, title) VALUES (?, 'Ghost')")
      .bind("00000000-0000-4000-8000-00000000dead")
      .run();
    await deliverSigned(webhookEvent("page.deleted", "00000000-0000-4000-8000-00000000dead"));
    await runDebouncer();
    expect((await slots()).map((t) => t.title)).not.toContain("Ghost");
  });

  it("page.moved takes the row out of the table it was in and puts it in its data source's table", async () => {
    await env.DB.prepare("INSERT INTO notion_vintage_toys (id, title) VALUES (?, 'Stale Copy')").bind(ids[10]).run();
    await env.DB.prepare("DELETE FROM notion_slot_machines WHERE id = ?").bind(ids[10]).run();
    await deliverSigned(webhookEvent("page.moved", ids[10]!));
    await runDebouncer();
    expect((await rows<Slot>("Vintage Toys")).map((t) => t.id)).not.toContain(ids[10]);
    expect((await slots()).map((t) => t.id)).toContain(ids[10]);
  });

  it("an older event delivered after a newer one still ends with the page's current state", async () => {
    const t0 = Date.now();
    await editPage(ids[4]!, { properties: titleValue("First Edit") });
    const older = webhookEvent("page.properties_updated", ids[4]!, new Date(t0));
    await editPage(ids[4]!, { properties: titleValue("Second Edit") });
    const newer = webhookEvent("page.properties_updated", ids[4]!, new Date(t0 + 1000));
    await deliverSigned(newer);
    await runDebouncer();
    expect(await titleOf(ids[4]!)).toBe("Second Edit");
    await deliverSigned(older);
    await runDebouncer();
    expect(await titleOf(ids[4]!)).toBe("Second Edit");
  });

  it("data_source.schema_updated syncs that whole table again", async () => {
    // Rows that drifted from Notion (one lost, one edited here) are put right by the table sync.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM notion_slot_machines WHERE id = ?").bind(ids[5]),
      env.DB.prepare("UPDATE notion_slot_machines SET title = 'Drifted' WHERE id = ?").bind(ids[6]),
    ]);
    await editPage(ids[6]!, { properties: titleValue("Schema Sync Title") });
    const res = await deliverSigned(webhookEvent("data_source.schema_updated", dataSourceId));
    expect(await res.json()).toEqual({ ok: true, queued: { pages: [], schemas: [dataSourceId] } });
    await runDebouncer();
    expect((await slots()).map((t) => t.id)).toContain(ids[5]);
    expect(await titleOf(ids[6]!)).toBe("Schema Sync Title");
    expect(await slots()).toHaveLength(ids.length);
  });

  it("data_source.schema_updated after a new property: the table gets its column, the registry its name, the rows their values", async () => {
    await editSchema(dataSourceId, { Provenance: { rich_text: {} } });
    try {
      await editPage(ids[12]!, { properties: { Provenance: { rich_text: [{ type: "text", text: { content: "A saloon in Reno" } }] } } });
      await deliverSigned(webhookEvent("data_source.schema_updated", dataSourceId));
      await runDebouncer();
      const row = (await slots()).find((r) => r.id === ids[12]) as Record<string, unknown>;
      expect(row.provenance).toBe("A saloon in Reno");
      const registry = await env.DB.prepare("SELECT columns_json FROM sync_tables WHERE table_name = 'notion_slot_machines'").first<{
        columns_json: string;
      }>();
      expect(JSON.parse(registry!.columns_json)).toContainEqual({ property: "Provenance", column: "provenance", type: "rich_text" });
      // Later page events write the new column too.
      await editPage(ids[12]!, { properties: { Provenance: { rich_text: [{ type: "text", text: { content: "A barber shop" } }] } } });
      await deliverSigned(webhookEvent("page.properties_updated", ids[12]!));
      await runDebouncer();
      expect(((await slots()).find((r) => r.id === ids[12]) as Record<string, unknown>).provenance).toBe("A barber shop");
    } finally {
      await editSchema(dataSourceId, { Provenance: null });
    }
    await deliverSigned(webhookEvent("data_source.schema_updated", dataSourceId));
    await runDebouncer();
    expect(Object.keys((await slots())[0]!)).not.toContain("provenance");
  });

  it("waits while another sync holds the lock, then syncs", async () => {
    await editPage(ids[7]!, { properties: titleValue("After The Lock") });
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      await deliverSigned(webhookEvent("page.properties_updated", ids[7]!));
      expect(await runDebouncer()).toBe(true);
      expect(await titleOf(ids[7]!)).not.toBe("After The Lock");
      expect((await pendingChanges()).pages).toEqual([ids[7]]);
    } finally {
      await lock.release();
    }
    expect(await runDebouncer()).toBe(true);
    expect(await titleOf(ids[7]!)).toBe("After The Lock");
  });

  it("a batch that Notion fails keeps its pages queued and runs again", async () => {
    await editPage(ids[11]!, { properties: titleValue("After A Failure") });
    await deliverSigned(webhookEvent("page.properties_updated", ids[11]!));
    await control("faults", { status: 400, code: "validation_error", message: "injected", path: `/v1/pages/${ids[11]}` });
    expect(await runDebouncer()).toBe(true);
    expect(await titleOf(ids[11]!)).not.toBe("After A Failure");
    expect((await pendingChanges()).pages).toEqual([ids[11]]);
    expect(await runDebouncer()).toBe(true);
    expect(await titleOf(ids[11]!)).toBe("After A Failure");
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
  });

  it("a batch within 30 s of the last purge shows in the cached API once the interval's one purge has run; the first at once", async () => {
    await runInDurableObject(afterSyncCoalescer(env), (_, state) => state.storage.deleteAll());
    await editPage(ids[5]!, { properties: titleValue("First Batch") });
    await deliverSigned(webhookEvent("page.properties_updated", ids[5]!));
    expect(await runDebouncer(60_000, false)).toBe(true);
    expect(await listedTitles()).toContain("First Batch");
    await editPage(ids[6]!, { properties: titleValue("Second Batch") });
    await deliverSigned(webhookEvent("page.properties_updated", ids[6]!));
    expect(await runDebouncer(60_000, false)).toBe(true);
    expect(await titleOf(ids[6]!)).toBe("Second Batch");
    expect(await listedTitles()).not.toContain("Second Batch");
    expect(await runDurableObjectAlarm(afterSyncCoalescer(env))).toBe(true);
    expect(await listedTitles()).toContain("Second Batch");
  });

  it("a batch (a table copy and pages) purges the API cache and asks for exactly one rebuild", async () => {
    // No webhook purge within the last WEBHOOK_AFTER_SYNC_INTERVAL_MS (earlier tests' batches made some): this batch's runs at once.
    await runInDurableObject(afterSyncCoalescer(env), (_, state) => state.storage.deleteAll());
    const recorder = inject("hookRecorderUrl");
    const path = `/webhook-${crypto.randomUUID()}`;
    await editPage(ids[8]!, { properties: titleValue("Rebuilt Once") });
    await get("/api/collection/slots?limit=100");
    // The run's job in this invocation (the SYNC workflow runs the same job; its env cannot carry this test's recorder).
    const hooked = { ...env, DEPLOY_HOOK_URL: `${recorder}${path}` };
    await withLock(env.DB, SYNC_LOCK, async (lock) => {
      const runId = await startRun(env.DB, "page", "webhook", "webhook");
      await webhookJob(inlineSteps(hooked, runId, lock), { pages: [ids[8]!, ids[9]!], schemas: [dataSourceId] });
    });
    const calls = (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>()).filter((c) => c.path === path);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toEqual({ reason: "table:webhook" });
    const listing = await get("/api/collection/slots?limit=100");
    expect(listing.headers.get("x-cache")).not.toBe("HIT");
    expect(await listedTitles()).toContain("Rebuilt Once");
  });

  it("a page whose file answers 404 is still synced, without it; the run lists the file and the next event for the page copies it", async () => {
    const withImage = (await rows<{ id: string; main_image: string | null }>("Slot Machines")).find((r) =>
      r.main_image?.includes("/media/notion/"),
    )!;
    const url = (JSON.parse(withImage.main_image!) as string[])[0]!;
    const key = url.slice("/media/".length);
    await env.MEDIA.delete(key);
    await env.DB.prepare("DELETE FROM media_files WHERE key = ?1").bind(key).run();
    await control("faults", { status: 404, path: `/${key.split("/")[1]}/`, code: "object_not_found", message: "gone" });
    await editPage(withImage.id, { properties: titleValue("Lost Photo") });
    await deliverSigned(webhookEvent("page.properties_updated", withImage.id));
    expect(await runDebouncer()).toBe(true);
    const row = (await rows<{ id: string; title: string; main_image: string | null }>("Slot Machines")).find((r) => r.id === withImage.id)!;
    expect(row.title).toBe("Lost Photo");
    expect(row.main_image ?? "").not.toContain(url);
    const run = await env.DB.prepare(
      "SELECT r.ok, s.files, s.total FROM sync_runs r JOIN sync_run_skipped_files s ON s.run_id = r.id WHERE r.kind = 'page' ORDER BY r.id DESC LIMIT 1",
    ).first<{ ok: number; files: string; total: number }>();
    expect(run).toMatchObject({ ok: 1, total: 1 });
    expect(JSON.parse(run!.files)).toEqual([
      expect.objectContaining({
        pageId: withImage.id,
        pageTitle: "Lost Photo",
        property: "Main Image",
        reason: "Notion's file storage answered HTTP 404",
      }),
    ]);
    const retries = () =>
      env.DB.prepare("SELECT table_name, page_id FROM file_retry_pages")
        .all()
        .then((r) => r.results);
    expect(await retries()).toEqual([{ table_name: "notion_slot_machines", page_id: withImage.id }]);

    await control("faults", undefined, "DELETE");
    await deliverSigned(webhookEvent("page.properties_updated", withImage.id));
    expect(await runDebouncer()).toBe(true);
    expect((await rows<{ id: string; main_image: string | null }>("Slot Machines")).find((r) => r.id === withImage.id)!.main_image).toBe(
      withImage.main_image,
    );
    expect(await retries()).toEqual([]);
  });
});
