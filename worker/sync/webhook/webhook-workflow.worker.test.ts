import { env, introspectWorkflowInstance, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { SyncRunProgress } from "#contract/sync-runs";
import { adminFetch } from "../../test/admin";
import { control, listTables, photoToys, rows, syncSchemas, syncTable, until } from "../../test/notion-sync";
import { editPage, editSchema, pendingChanges, runDebouncer, titleValue } from "../../test/webhooks";
import { SYNC_LOCK, isLockHeld } from "../../tables/lock";
import { DEFAULT_STEP_BUDGET } from "#contract/step-budget";
import { BATCH_PAGES, syncDebouncer } from "./sync-debouncer";

/** A Vintage Toys database whose pages each have their own Notion-hosted photo (one file copy per page). */
const TOYS = { id: "7e57da7a-0000-4000-8000-0000000000e1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000e2" };
const TOY_PAGES = 120;
let pageIds: string[];

const debouncer = () => syncDebouncer(env);
const run = async (id: number) => (await adminFetch(`/api/admin/sync-runs/${id}`)).json<SyncRunProgress>();
const lastRun = async (kind: string) =>
  (await env.DB.prepare("SELECT id FROM sync_runs WHERE kind = ?1 AND started_by = 'webhook' ORDER BY id DESC LIMIT 1")
    .bind(kind)
    .first<{ id: number }>())!.id;
const titles = async () => new Map((await rows<{ id: string; title: string }>("Vintage Toys")).map((r) => [r.id, r.title]));

/** The history's words for a run stopped from outside. */
const STOPPED =
  "The sync run was stopped before it finished (from the Cloudflare dashboard, or by a deploy). The tables keep their previous rows. Fix: nothing to do: the nightly sync at 04:00 UTC runs again, or start a sync in the admin panel.";

describe("webhook batches as SYNC workflow runs", { timeout: 200_000 }, () => {
  beforeEach(async () => {
    await runDebouncer();
    await control("reset");
    pageIds = await photoToys(TOYS, TOY_PAGES);
    expect((await syncSchemas()).success).toBe(true);
  }, 60_000);

  it(`syncs a batch of ${TOY_PAGES} pages, each with a photo, as one run of steps none over ${DEFAULT_STEP_BUDGET} subrequests`, async () => {
    await debouncer().enqueue({ pages: pageIds, schemas: [] });
    // One page read each, at Notion's 3 requests/s: about 40 s.
    expect(await runDebouncer(150_000)).toBe(true);
    const synced = await rows<{ number: number; photos: string }>("Vintage Toys");
    expect(synced).toHaveLength(TOY_PAGES);
    for (const row of synced) expect(JSON.parse(row.photos)[0]).toMatch(new RegExp(`^/media/notion/.+/toy-${row.number}\\.png$`));
    const done = await run(await lastRun("page"));
    expect(done).toMatchObject({ kind: "page", target: "webhook", trigger: "webhook", ok: true });
    // The tables were empty: the batch's pages are all it expected to read.
    expect(done).toMatchObject({ pagesExpected: TOY_PAGES, pagesRead: TOY_PAGES, rowsWritten: TOY_PAGES, filesCopied: TOY_PAGES });
    expect(done.pagesAdded).toBe(TOY_PAGES);
    expect(done.message).toBe(`Webhook: updated ${TOY_PAGES} pages in notion_vintage_toys, removed 0`);
    expect(done.steps).toBeGreaterThan(TOY_PAGES / 10);
    expect(done.maxStepSubrequests).toBeGreaterThan(0);
    expect(done.maxStepSubrequests).toBeLessThanOrEqual(DEFAULT_STEP_BUDGET);
    console.log(`webhook run of ${TOY_PAGES} pages: ${done.steps} steps, at most ${done.maxStepSubrequests} subrequests in one step`);
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });

  it("copies a schema-changed table in steps with its new column, then the batch's pages", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    await editSchema(TOYS.dataSourceId, { Maker: { rich_text: {} } });
    await editPage(pageIds[3]!, { properties: { Maker: { rich_text: [{ type: "text", text: { content: "Marx" } }] } } });
    await editPage(pageIds[4]!, { properties: titleValue("Renamed Toy") });
    await debouncer().enqueue({ pages: [pageIds[4]!], schemas: [TOYS.dataSourceId] });
    expect(await runDebouncer()).toBe(true);
    const synced = await rows<{ id: string; title: string; maker: string | null }>("Vintage Toys");
    expect(synced).toHaveLength(TOY_PAGES);
    expect(synced.find((r) => r.id === pageIds[3])!.maker).toBe("Marx");
    expect(synced.find((r) => r.id === pageIds[4])!.title).toBe("Renamed Toy");
    const copy = await run(await lastRun("table"));
    expect(copy).toMatchObject({
      target: "notion_vintage_toys",
      trigger: "webhook",
      ok: true,
      message: `Synced ${TOY_PAGES} rows into notion_vintage_toys`,
    });
    const batch = await run(await lastRun("page"));
    expect(batch).toMatchObject({ ok: true });
    expect(batch.message).toBe(
      "Webhook: updated 1 page in notion_vintage_toys, removed 0; copied again for a schema change: notion_vintage_toys",
    );
    // The copy's read, row and swap steps are the run's own, each within the budget.
    expect(batch.steps).toBeGreaterThan(6);
    expect(batch.maxStepSubrequests).toBeLessThanOrEqual(DEFAULT_STEP_BUDGET);
  });

  it("keeps the ids of a run Notion fails for good queued, and a later alarm syncs them", async () => {
    await debouncer().enqueue({ pages: pageIds.slice(0, 3), schemas: [] });
    await control("faults", { status: 500, times: 1000, path: `/v1/pages/${pageIds[1]}` });
    expect(await runDebouncer()).toBe(true);
    const failed = await run(await lastRun("page"));
    expect(failed).toMatchObject({ ok: false });
    expect(failed.error).toMatch(/^Webhook: /);
    expect((await pendingChanges()).pages.sort()).toEqual(pageIds.slice(0, 3).sort());
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
    await control("faults", undefined, "DELETE");
    expect(await runDebouncer()).toBe(true);
    expect(await run(await lastRun("page"))).toMatchObject({ ok: true, rowsWritten: 3 });
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
  });

  it("keeps an id queued again during a run for the next run; the admin panel's syncs get 409 meanwhile", async () => {
    await editPage(pageIds[0]!, { properties: titleValue("First Edit") });
    await debouncer().enqueue({ pages: [pageIds[0]!], schemas: [] });
    // Notion holds the page's read back for 2 s, so the run is caught under way.
    await control("faults", { status: 429, times: 1, retryAfter: 2, path: `GET /v1/pages/${pageIds[0]}` });
    expect(await runDurableObjectAlarm(debouncer())).toBe(true);
    expect(await debouncer().running()).not.toBeNull();
    const table = (await listTables()).find((t) => t.tableName === "notion_vintage_toys")!;
    const admin = await adminFetch("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: table.tableName, databaseId: table.databaseId },
    });
    expect(admin.status).toBe(409);
    expect(await admin.json()).toEqual({ success: false, message: "A Notion sync is already running; try again when it has finished" });
    await editPage(pageIds[0]!, { properties: titleValue("Second Edit") });
    await debouncer().enqueue({ pages: [pageIds[0]!], schemas: [] });
    await until(async () => (await debouncer().running()) === null, "the run to report", 60_000);
    expect(await pendingChanges()).toEqual({ pages: [pageIds[0]], schemas: [] });
    expect(await runDebouncer()).toBe(true);
    expect((await titles()).get(pageIds[0]!)).toBe("Second Edit");
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
  });

  it("records a run stopped before it reported as stopped, keeps its ids, and syncs them once its lock has expired", async () => {
    await editPage(pageIds[2]!, { properties: titleValue("After A Stop") });
    await debouncer().enqueue({ pages: [pageIds[2]!], schemas: [] });
    await control("faults", { status: 429, times: 1, retryAfter: 3, path: `GET /v1/pages/${pageIds[2]}` });
    await runDurableObjectAlarm(debouncer());
    const { runId, instanceId } = (await debouncer().running())!;
    await using instance = await introspectWorkflowInstance(env.SYNC, instanceId);
    await (await env.SYNC.get(instanceId)).terminate();
    await instance.waitForStatus("terminated");
    // The debouncer's next look at the run (its alarm) finds it stopped.
    expect(await runDurableObjectAlarm(debouncer())).toBe(true);
    expect(await debouncer().running()).toBeNull();
    expect(await run(runId)).toMatchObject({ ok: false, error: `Webhook: ${STOPPED}` });
    expect((await pendingChanges()).pages).toEqual([pageIds[2]]);
    // Its lock is left to expire; then the batch runs again.
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(true);
    await env.DB.prepare("UPDATE locks SET expires_at = 0").run();
    expect(await runDebouncer()).toBe(true);
    expect((await titles()).get(pageIds[2]!)).toBe("After A Stop");
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
  });

  it(`takes at most ${BATCH_PAGES} page ids into one run, leaving the rest queued`, async () => {
    const many = Array.from({ length: BATCH_PAGES + 3 }, (_, i) => `7e57da7a-0000-4000-8000-${String(i).padStart(12, "0")}`);
    await debouncer().enqueue({ pages: many, schemas: [] });
    await runDurableObjectAlarm(debouncer());
    const { instanceId, pages } = (await debouncer().running())!;
    expect(pages).toBe(BATCH_PAGES);
    expect((await pendingChanges()).pages).toHaveLength(BATCH_PAGES + 3);
    // Not synced here (a thousand page reads at 3 requests/s): stopped, and the queue and lock cleared.
    await using instance = await introspectWorkflowInstance(env.SYNC, instanceId);
    await (await env.SYNC.get(instanceId)).terminate();
    await instance.waitForStatus("terminated");
    await runInDurableObject(debouncer(), (_, state) => state.storage.deleteAll());
    await env.DB.prepare("DELETE FROM locks").run();
  });
});
