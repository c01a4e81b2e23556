import { createExecutionContext, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { finishRun, startRun } from "../data/sync-runs";
import worker from "../index";
import { acquireLock, SYNC_LOCK } from "../tables/lock";
import { adminCookie, adminFetch, TEST_ORIGIN } from "../test/admin";

type Run = {
  kind: string;
  target: string | null;
  startedAt: string;
  finishedAt: string | null;
  ok: boolean | null;
  message: string | null;
};

const status = async () => {
  const res = await adminFetch("/api/admin/sync-status");
  expect(res.status).toBe(200);
  return res.json<{
    lastSync: Run | null;
    lastRebuild: Run | null;
    syncing: boolean;
    runningRunId: number | null;
    rebuildConfigured: boolean;
  }>();
};

describe("GET /api/admin/sync-status", () => {
  it("answers 401 without a session", async () => {
    expect((await exports.default.fetch("http://localhost/api/admin/sync-status")).status).toBe(401);
  });

  it("reports null for runs that never happened", async () => {
    await env.DB.exec("DELETE FROM sync_runs");
    expect(await status()).toEqual({ lastSync: null, lastRebuild: null, syncing: false, runningRunId: null, rebuildConfigured: false });
  });

  it("reports the latest sync of any kind and the latest rebuild separately", async () => {
    await env.DB.exec("DELETE FROM sync_runs");
    const schema = await startRun(env.DB, "schema", null, "manual", new Date("2026-01-01T04:00:00Z"));
    await finishRun(env.DB, schema, { ok: true, message: "12 tables" }, new Date("2026-01-01T04:00:05Z"));
    const table = await startRun(env.DB, "table", "notion_slot_machines", "manual", new Date("2026-01-01T04:01:00Z"));
    await finishRun(env.DB, table, { ok: false, message: "Notion answered 502" }, new Date("2026-01-01T04:01:09Z"));
    const rebuild = await startRun(env.DB, "rebuild", "schema", "manual", new Date("2026-01-01T04:00:06Z"));
    await finishRun(env.DB, rebuild, { ok: true, message: "Deploy hook answered 202 Accepted" }, new Date("2026-01-01T04:00:07Z"));
    expect(await status()).toEqual({
      lastSync: {
        kind: "table",
        target: "notion_slot_machines",
        startedAt: "2026-01-01T04:01:00.000Z",
        finishedAt: "2026-01-01T04:01:09.000Z",
        ok: false,
        message: "Notion answered 502",
      },
      lastRebuild: {
        kind: "rebuild",
        target: "schema",
        startedAt: "2026-01-01T04:00:06.000Z",
        finishedAt: "2026-01-01T04:00:07.000Z",
        ok: true,
        message: "Deploy hook answered 202 Accepted",
      },
      syncing: false,
      runningRunId: null,
      rebuildConfigured: false,
    });
  });

  it("says whether rebuilds are configured: true with the DEPLOY_HOOK_URL secret, its address never shown", async () => {
    expect((await status()).rebuildConfigured).toBe(false);
    const hooked = { ...env, DEPLOY_HOOK_URL: "https://builds.example.com/hook/secret-token" };
    const res = await worker.fetch(
      new Request(`${TEST_ORIGIN}/api/admin/sync-status`, { headers: { cookie: await adminCookie() } }),
      hooked,
      createExecutionContext(),
    );
    const body = await res.json<{ rebuildConfigured: boolean }>();
    expect(body.rebuildConfigured).toBe(true);
    expect(JSON.stringify(body)).not.toContain("secret-token");
  });

  it("reports a run still in progress with ok and finishedAt null", async () => {
    await env.DB.exec("DELETE FROM sync_runs");
    await startRun(env.DB, "full", null, "cron", new Date("2026-01-02T04:00:00Z"));
    const { lastSync } = await status();
    expect(lastSync).toEqual({
      kind: "full",
      target: null,
      startedAt: "2026-01-02T04:00:00.000Z",
      finishedAt: null,
      ok: null,
      message: null,
    });
  });

  it("says whether a sync holds the lock now; an expired lock (a run cut short) does not count", async () => {
    await env.DB.exec("DELETE FROM locks");
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    expect((await status()).syncing).toBe(true);
    await lock.release();
    expect((await status()).syncing).toBe(false);
    await env.DB.prepare("INSERT INTO locks (name, holder, expires_at) VALUES (?1, 'gone', ?2)")
      .bind(SYNC_LOCK, Date.now() - 1)
      .run();
    expect((await status()).syncing).toBe(false);
    await env.DB.exec("DELETE FROM locks");
  });

  it("names the run that holds the lock, whoever started it, and none once the lock is freed or expired", async () => {
    await env.DB.exec("DELETE FROM locks");
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    const older = await startRun(env.DB, "table", "notion_posts", "manual", new Date(), { lockHolder: "an-earlier-holder" });
    const id = await startRun(env.DB, "page", "webhook", "webhook", new Date(), { lockHolder: lock.holder });
    await startRun(env.DB, "table", "notion_posts", "webhook", new Date());
    expect(await status()).toMatchObject({ syncing: true, runningRunId: id });
    expect(older).toBeLessThan(id);
    await lock.release();
    expect(await status()).toMatchObject({ syncing: false, runningRunId: null });
    await env.DB.prepare("INSERT INTO locks (name, holder, expires_at) VALUES (?1, ?2, ?3)")
      .bind(SYNC_LOCK, lock.holder, Date.now() - 1)
      .run();
    expect(await status()).toMatchObject({ syncing: false, runningRunId: null });
    await env.DB.exec("DELETE FROM locks");
  });
});
