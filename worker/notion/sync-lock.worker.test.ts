import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminFetch } from "../test/admin";
import { control, countPaths, notionStats, syncSchemas, syncTable, until } from "../test/notion-sync";
import { isLockHeld, SYNC_LOCK } from "./lock";
import { readEntry } from "./registry";
import { syncSchemas as runSchemaSync } from "./schema-sync";
import { syncTable as runTableSync } from "./table-sync";

/** A short lock TTL for the sync under test; the Retry-After it waits out is several times longer. */
const TTL_MS = 1000;
const RETRY_AFTER_S = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Once the 429 on `path` is served (its count passes `before`) and twice the lock TTL later: the lock is held and other syncs get 409. */
async function expectHeldDuringTheWait(path: RegExp, before: number) {
  await until(async () => countPaths(await notionStats(), path) > before, "the 429");
  await sleep(2 * TTL_MS);
  expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(true);
  const table = await syncTable("Slot Machines");
  expect(table.status).toBe(409);
  expect(await table.json()).toEqual({ error: "A Notion sync is already running; try again when it has finished" });
  expect((await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" })).status).toBe(409);
}

describe("a sync held up by a long Retry-After", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    expect((await syncSchemas()).success).toBe(true);
  });

  it("keeps the lock past its TTL through a table sync, so a second sync gets 409", async () => {
    await control("faults", { status: 429, times: 1, path: "/query", retryAfter: RETRY_AFTER_S });
    const entry = (await readEntry(env.DB, "notion_page_headers"))!;
    const sync = runTableSync(env, entry, TTL_MS);
    await expectHeldDuringTheWait(/\/query$/, 0);
    expect((await sync).message).toMatch(/^Synced \d+ rows into notion_page_headers$/);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });

  it("keeps the lock past its TTL through a schema sync, so a second sync gets 409", async () => {
    await control("faults", { status: 429, times: 1, path: "/v1/search", retryAfter: RETRY_AFTER_S });
    const before = countPaths(await notionStats(), /^\/v1\/search$/);
    const sync = runSchemaSync(env, TTL_MS);
    await expectHeldDuringTheWait(/^\/v1\/search$/, before);
    expect((await sync).result.success).toBe(true);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });
});
