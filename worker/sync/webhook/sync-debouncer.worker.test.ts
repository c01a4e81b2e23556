import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SyncHistoryRun } from "#contract/sync-runs";
import type { WebhookState } from "#contract/webhook-status";
import { adminFetch } from "../../test/admin";
import { control, until } from "../../test/notion-sync";
import { pendingChanges, runDebouncer } from "../../test/webhooks";
import { FULL_SYNC_REASON, MAX_QUEUED_IDS, syncDebouncer } from "./sync-debouncer";

const debouncer = () => syncDebouncer(env);
const id = (i: number) => `7e57da7a-0000-4000-8000-${String(i).padStart(12, "0")}`;
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => id(from + i));
const pendingInPanel = async () => (await (await adminFetch("/api/admin/notion-webhook")).json<WebhookState>()).pending;
const lastRun = async () => (await (await adminFetch("/api/admin/sync-runs?limit=1")).json<{ runs: SyncHistoryRun[] }>()).runs[0];
/** Notion's search holds its answer 2 s (a 429), then finds no database: a full sync that runs briefly and syncs nothing. */
const emptyWorkspaceAfter2s = async () => {
  await control("faults", { status: 429, retryAfter: 2, path: "/v1/search" });
  await control("faults", { status: 200, path: "/v1/search", body: { object: "list", results: [], next_cursor: null, has_more: false } });
};

describe(`the webhook queue keeps at most ${MAX_QUEUED_IDS} ids, then one full sync instead`, { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
  });
  afterEach(async () => {
    await runInDurableObject(debouncer(), (_, state) => state.storage.deleteAll());
  });

  it(`keeps ${MAX_QUEUED_IDS} page and schema ids (a repeat counted once), and past that drops them all for one full sync`, async () => {
    await debouncer().enqueue({ pages: ids(0, MAX_QUEUED_IDS - 1), schemas: [] });
    await debouncer().enqueue({ pages: ids(0, 50), schemas: [id(MAX_QUEUED_IDS - 1)] });
    expect(await pendingInPanel()).toEqual({ pages: MAX_QUEUED_IDS - 1, schemas: 1, fullSync: false });
    expect((await pendingChanges()).pages).toHaveLength(MAX_QUEUED_IDS - 1);

    await debouncer().enqueue({ pages: [id(MAX_QUEUED_IDS)], schemas: [] });
    expect(await pendingInPanel()).toEqual({ pages: 0, schemas: 0, fullSync: true });
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    // While the full sync waits, events add nothing: it reads every page anyway.
    await debouncer().enqueue({ pages: [id(1)], schemas: [id(2)] });
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    expect(await pendingInPanel()).toEqual({ pages: 0, schemas: 0, fullSync: true });
  });

  it("runs the full sync as a webhook-triggered run the history names; ids queued while it runs wait for the next run", async () => {
    await debouncer().enqueue({ pages: ids(0, MAX_QUEUED_IDS + 1), schemas: [] });
    expect(await pendingInPanel()).toMatchObject({ fullSync: true });
    await emptyWorkspaceAfter2s();
    expect(await runDurableObjectAlarm(debouncer())).toBe(true);
    expect(await debouncer().running()).toMatchObject({ full: true, pages: 0, schemas: 0 });
    await debouncer().enqueue({ pages: [id(7)], schemas: [] });
    await until(async () => (await debouncer().running()) === null, "the full sync to report", 60_000);

    const run = (await lastRun())!;
    expect(run).toMatchObject({ kind: "full", target: null, trigger: "webhook" });
    expect(run.message).toBe(`${FULL_SYNC_REASON}: Synced 0 of 12 tables, 0 rows`);
    expect(FULL_SYNC_REASON).toBe("Webhook: more than 10,000 pages queued, so the whole workspace was synced instead");
    // The full sync is done with; the id queued during it is not, as it may have been read before its edit.
    expect(await pendingInPanel()).toEqual({ pages: 1, schemas: 0, fullSync: false });
    expect(await pendingChanges()).toEqual({ pages: [id(7)], schemas: [] });
  });

  it("queues another full sync when the ids queued during one pass the bound again", async () => {
    await debouncer().enqueue({ pages: ids(0, MAX_QUEUED_IDS + 1), schemas: [] });
    await emptyWorkspaceAfter2s();
    await runDurableObjectAlarm(debouncer());
    expect(await debouncer().running()).toMatchObject({ full: true });
    await debouncer().enqueue({ pages: ids(0, MAX_QUEUED_IDS + 1), schemas: [] });
    await until(async () => (await debouncer().running()) === null, "the full sync to report", 60_000);
    expect(await pendingInPanel()).toEqual({ pages: 0, schemas: 0, fullSync: true });
    await emptyWorkspaceAfter2s();
    expect(await runDebouncer()).toBe(true);
    expect(await lastRun()).toMatchObject({ kind: "full", trigger: "webhook" });
    expect(await pendingInPanel()).toEqual({ pages: 0, schemas: 0, fullSync: false });
  });
});
