import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RUNS_KEPT, type SyncHistoryRun } from "#contract/sync-runs";
import { finishRun, startRun } from "../data/sync-runs";
import { recordRun } from "../test/sync-runs";
import { adminFetch } from "../test/admin";

const runs = async (query = "") => {
  const res = await adminFetch(`/api/admin/sync-runs${query}`);
  expect(res.status).toBe(200);
  return (await res.json<{ runs: SyncHistoryRun[] }>()).runs;
};

describe("GET /api/admin/sync-runs", () => {
  beforeEach(async () => {
    await env.DB.exec("DELETE FROM sync_runs");
    await env.DB.exec("DELETE FROM sync_run_skipped_files");
  });

  it("answers 401 without a session", async () => {
    expect((await exports.default.fetch("http://localhost/api/admin/sync-runs")).status).toBe(401);
  });

  it("refuses a limit that is not a whole number from 1 to 200 with a 400 naming it", async () => {
    for (const limit of ["0", "201", "abc", "1.5"]) {
      const res = await adminFetch(`/api/admin/sync-runs?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(await res.json<{ error: string }>(), limit).toEqual({ error: expect.stringMatching(/^Invalid limit: /) });
    }
  });

  it("lists syncs newest first with their fields, leaves rebuilds out, and honours limit", async () => {
    const schema = await startRun(env.DB, "schema", null, "manual", new Date("2026-01-01T04:00:00Z"));
    await finishRun(env.DB, schema, { ok: true, message: "Created 12 tables from the Notion schemas" }, new Date("2026-01-01T04:00:03Z"));
    const rebuild = await startRun(env.DB, "rebuild", "schema", "manual", new Date("2026-01-01T04:00:04Z"));
    await finishRun(env.DB, rebuild, { ok: true, message: "Deploy hook answered 200" });
    const page = await recordRun(env.DB, {
      kind: "page",
      target: "notion_slot_machines",
      trigger: "webhook",
      ok: false,
      message: "Notion answered 502",
      startedAt: new Date("2026-01-01T05:00:00Z"),
      finishedAt: new Date("2026-01-01T05:00:01Z"),
    });
    await startRun(env.DB, "full", null, "cron", new Date("2026-01-02T04:00:00Z"));
    const all = await runs();
    expect(all.map((r) => [r.kind, r.trigger])).toEqual([
      ["full", "cron"],
      ["page", "webhook"],
      ["schema", "manual"],
    ]);
    expect(all[0]).toMatchObject({ ok: null, finishedAt: null, error: null, pagesAdded: null, unsupportedBlocks: [], unsupportedTotal: 0 });
    expect(all[1]).toEqual({
      id: page,
      kind: "page",
      target: "notion_slot_machines",
      trigger: "webhook",
      startedAt: "2026-01-01T05:00:00.000Z",
      finishedAt: "2026-01-01T05:00:01.000Z",
      ok: false,
      message: "Notion answered 502",
      error: "Notion answered 502",
      pagesAdded: null,
      pagesChanged: null,
      pagesRemoved: null,
      filesCopied: null,
      unsupportedBlocks: [],
      unsupportedTotal: 0,
      skippedFiles: [],
      skippedTotal: 0,
      pagesRead: null,
      pagesExpected: null,
      rowsWritten: null,
      steps: null,
      maxStepSubrequests: null,
      maxStepMs: null,
    });
    expect((await runs("?limit=1")).map((r) => r.kind)).toEqual(["full"]);
  });

  it("answers one run by id with its progress (no workflow status for a run made in one call), 404 for an unknown id, 400 for one that is not a number", async () => {
    const id = await recordRun(env.DB, {
      kind: "page",
      target: "notion_slot_machines",
      trigger: "webhook",
      ok: true,
      message: "Synced 1 page",
    });
    const res = await adminFetch(`/api/admin/sync-runs/${id}`);
    expect(res.status).toBe(200);
    const run = await res.json<Record<string, unknown>>();
    expect(run).toMatchObject({ id, kind: "page", ok: true, message: "Synced 1 page", pagesRead: null, maxStepSubrequests: null });
    expect(run).not.toHaveProperty("status");
    const unknown = await adminFetch(`/api/admin/sync-runs/${id + 1000}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: `No sync run ${id + 1000}` });
    expect((await adminFetch("/api/admin/sync-runs/latest")).status).toBe(400);
  });

  it("keeps the unsupported blocks' total when it lists only the first 200 entries", async () => {
    const unsupported = Array.from({ length: 205 }, (_, i) => ({ pageId: `p${i}`, type: "child_page", count: 2 }));
    const id = await startRun(env.DB, "table", "notion_blog_posts", "manual");
    await finishRun(env.DB, id, { ok: true, message: "Synced", counts: { added: 0, changed: 0, removed: 0, filesCopied: 0, unsupported } });
    const [run] = await runs();
    expect(run!.unsupportedBlocks).toHaveLength(200);
    expect(run!.unsupportedTotal).toBe(410);
  });

  it("lists the files a run could not copy, the first 200 with the total of all", async () => {
    const skipped = Array.from({ length: 203 }, (_, i) => ({
      pageId: `p${i}`,
      pageTitle: `Item ${i}`,
      property: "Main Image",
      file: `f${i}.png`,
      reason: "Notion's file storage answered HTTP 404",
    }));
    const id = await startRun(env.DB, "table", "notion_slot_machines", "cron");
    await finishRun(env.DB, id, {
      ok: true,
      message: "Synced",
      counts: { added: 0, changed: 1, removed: 0, filesCopied: 2, unsupported: [], skipped },
    });
    const clean = await startRun(env.DB, "table", "notion_blog_posts", "cron");
    await finishRun(env.DB, clean, {
      ok: true,
      message: "Synced",
      counts: { added: 0, changed: 0, removed: 0, filesCopied: 0, unsupported: [], skipped: [] },
    });
    const [none, run] = await runs();
    expect(none).toMatchObject({ id: clean, skippedFiles: [], skippedTotal: 0 });
    expect(run).toMatchObject({ id, ok: true, skippedTotal: 203 });
    expect(run!.skippedFiles).toEqual(skipped.slice(0, 200));
  });

  it(`keeps only the newest ${RUNS_KEPT} runs, with their skipped files`, async () => {
    const first = await startRun(env.DB, "table", "notion_first", "manual");
    const skipped = [{ pageId: "p", property: "Photos", file: "a.png", reason: "HTTP 404" }];
    await finishRun(env.DB, first, {
      ok: true,
      message: "Synced",
      counts: { added: 0, changed: 0, removed: 0, filesCopied: 0, unsupported: [], skipped },
    });
    for (let i = 0; i < RUNS_KEPT; i++) await startRun(env.DB, "table", `notion_t${i}`, "manual");
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n, MIN(id) AS oldest FROM sync_runs").first<{ n: number; oldest: number }>();
    expect(kept).toEqual({ n: RUNS_KEPT, oldest: first + 1 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_run_skipped_files").first("n")).toBe(0);
  });
});
