import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminFetch } from "../../test/admin";
import { control, countPaths, notionStats, syncSchemas, syncTable, until } from "../../test/notion-sync";
import { acquireLock, isLockHeld, LockLostError, SYNC_LOCK } from "../../tables/lock";
import { readEntry } from "../../tables/registry";
import { syncSchemas as runSchemaSync } from "../jobs/schema-job";
import { copyTable, syncTable as runTableSync } from "../../test/inline-sync";

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
  expect(table.body).toEqual({ success: false, message: "A Notion sync is already running; try again when it has finished" });
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

describe("a sync that lost its lock", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    expect((await syncSchemas()).success).toBe(true);
    expect((await syncTable("Page Headers")).ok).toBe(true);
  });

  it("cannot swap its table in over another holder's: nothing of its batch is written, the previous rows stay", async () => {
    const before = await env.DB.prepare("SELECT id, title FROM notion_page_headers ORDER BY id").all();
    await env.DB.prepare("UPDATE notion_page_headers SET title = 'kept by the newer sync'").run();
    const kept = await env.DB.prepare("SELECT id, title FROM notion_page_headers ORDER BY id").all();
    expect(kept.results.length).toBe(before.results.length);
    const lock = await acquireLock(env.DB, SYNC_LOCK, TTL_MS);
    // Its lifetime ran out and another sync took the lock over.
    await env.DB.prepare("UPDATE locks SET holder = 'a newer sync' WHERE name = ?1").bind(SYNC_LOCK).run();
    const entry = (await readEntry(env.DB, "notion_page_headers"))!;
    await expect(copyTable(env, entry, "manual", lock)).rejects.toBeInstanceOf(LockLostError);
    expect((await env.DB.prepare("SELECT id, title FROM notion_page_headers ORDER BY id").all()).results).toEqual(kept.results);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM lock_fence").first("n")).toBe(0);
    expect((await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'notion_page_headers%'").all()).results).toEqual([
      { name: "notion_page_headers" },
    ]);
    await env.DB.prepare("DELETE FROM locks").run();
  });

  it("swaps its table in while it still holds the lock", async () => {
    await env.DB.prepare("UPDATE notion_page_headers SET title = 'stale'").run();
    const lock = await acquireLock(env.DB, SYNC_LOCK, TTL_MS);
    const entry = (await readEntry(env.DB, "notion_page_headers"))!;
    expect((await copyTable(env, entry, "manual", lock)).message).toMatch(/^Synced \d+ rows into notion_page_headers$/);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM notion_page_headers WHERE title = 'stale'").first("n")).toBe(0);
    await lock.release();
  });
});
