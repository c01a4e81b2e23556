import { env } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { AppEnv } from "../../app-env";
import { onError } from "../../lib/errors";
import { meteredEnv } from "../../lib/step-meter";
import { readEntry } from "../../tables/registry";
import { control, photoToys, syncSchemas, syncTable } from "../../test/notion-sync";
import { pendingChanges, runDebouncer } from "../../test/webhooks";
import { afterSync } from "../publish/after-sync";
import { syncDebouncer } from "../webhook/sync-debouncer";
import { syncTable as copyTableInline } from "../../test/inline-sync";

/** A Vintage Toys database whose pages each have their own Notion-hosted photo. */
const TOYS = { id: "7e57da7a-0000-4000-8000-0000000000f1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000f2" };
const TOY_PAGES = 120;
const TABLE = "notion_vintage_toys";

type Logged = { level: "log" | "warn" | "error"; record: Record<string, unknown> };
let calls: { level: Logged["level"]; args: unknown[] }[];
let logged: Logged[];
let pageIds: string[];

/** Captures every console call the worker makes (checked by `everyCallOneEvent` once the test has run). */
function captureConsole(): void {
  calls = [];
  logged = [];
  for (const level of ["log", "warn", "error"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push({ level, args });
      try {
        logged.push({ level, record: JSON.parse(String(args[0])) as Record<string, unknown> });
      } catch {
        // reported by everyCallOneEvent
      }
    });
}

/** Each console call was one JSON object with an `event`, nothing else on the line. */
function everyCallOneEvent(): void {
  for (const call of calls) {
    expect(call.args, String(call.args[0])).toHaveLength(1);
    expect(JSON.parse(String(call.args[0])), String(call.args[0])).toHaveProperty("event", expect.any(String));
  }
}

const events = (event: string) => logged.filter((l) => l.record.event === event);
const records = (event: string) => events(event).map((l) => l.record);

const runRow = (id: number) =>
  env.DB.prepare("SELECT steps, max_step_subrequests FROM sync_runs WHERE id = ?1")
    .bind(id)
    .first<{ steps: number; max_step_subrequests: number }>();
/** Drops every copied file, so the next sync downloads each photo again. */
async function forgetCopiedFiles(): Promise<void> {
  for (const o of (await env.MEDIA.list()).objects) await env.MEDIA.delete(o.key);
  await env.DB.exec("DELETE FROM media_files");
}
const lastTableRun = async () =>
  (await env.DB.prepare("SELECT id FROM sync_runs WHERE kind = 'table' ORDER BY id DESC LIMIT 1").first<{ id: number }>())!.id;

describe("the worker's logs: one JSON object per event", { timeout: 200_000 }, () => {
  beforeEach(async () => {
    vi.restoreAllMocks();
    await runDebouncer();
    await control("reset");
    pageIds = await photoToys(TOYS, TOY_PAGES);
    expect((await syncSchemas()).success).toBe(true);
    captureConsole();
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
    everyCallOneEvent();
  });

  it("logs each workflow step of a Sync Data run with its run, table, time and subrequests, then the run's end", async () => {
    const res = await syncTable("Vintage Toys");
    expect(res.ok).toBe(true);
    const runId = res.body.runId!;
    const steps = records("sync_step").filter((r) => r.runId === runId);
    expect(steps.length).toBe(res.run!.steps);
    for (const step of steps) {
      expect(step).toMatchObject({ runId, ms: expect.any(Number), subrequests: expect.any(Number), step: expect.any(String) });
      expect(step.subrequests as number).toBeLessThanOrEqual(50);
      if ((step.step as string).startsWith(`${TABLE}:`)) expect(step.table).toBe(TABLE);
    }
    expect(steps.map((s) => s.step)).toContain(`${TABLE}: read 0`);
    // D1's own row counts: every row written into the side table (and its search index) at least once.
    const sum = (field: string) => steps.reduce((n, s) => n + (s[field] as number), 0);
    expect(sum("rowsWritten")).toBeGreaterThanOrEqual(TOY_PAGES);
    expect(sum("rowsRead")).toBeGreaterThan(0);
    expect(Math.max(...steps.map((s) => s.subrequests as number))).toBe(res.run!.maxStepSubrequests);
    expect(records("run_end").filter((r) => r.runId === runId)).toEqual([
      expect.objectContaining({
        event: "run_end",
        kind: "table",
        table: TABLE,
        trigger: "manual",
        ok: true,
        ms: expect.any(Number),
        message: `Synced ${TOY_PAGES} rows into ${TABLE}`,
        added: TOY_PAGES,
        filesCopied: TOY_PAGES,
      }),
    ]);
    expect(records("sync_table")).toContainEqual(expect.objectContaining({ runId, table: TABLE, rows: TOY_PAGES, ms: expect.any(Number) }));
    // No deploy hook in the tests: said once per run, as a warning.
    expect(events("rebuild_not_configured").map((l) => l.level)).toEqual(["warn"]);
  });

  it("syncs in fewer, larger steps under a larger SYNC_STEP_SUBREQUESTS, and keeps the free plan's 50 for a value out of range", async () => {
    const entry = (await readEntry(env.DB, TABLE))!;
    // Each copy downloads every photo again, so each page costs subrequests.
    const copy = async (stepSubrequests: string) => {
      await forgetCopiedFiles();
      expect((await copyTableInline({ ...env, SYNC_STEP_SUBREQUESTS: stepSubrequests }, entry)).rows).toBe(TOY_PAGES);
      return (await runRow(await lastTableRun()))!;
    };
    const free = await copy("50");
    const paid = await copy("1000");
    console.info(
      `${TOY_PAGES} pages with photos: ${free.steps} steps (at most ${free.max_step_subrequests} subrequests) at 50, ${paid.steps} steps (at most ${paid.max_step_subrequests}) at 1000`,
    );
    expect(free.max_step_subrequests).toBeLessThanOrEqual(50);
    expect(paid.max_step_subrequests).toBeGreaterThan(50);
    expect(paid.max_step_subrequests).toBeLessThanOrEqual(1000);
    // The same five steps around the rows either way (prepare, live rows, two reads, swap); the rows steps shrink from
    // one per ~20 pages to one per cursor page of 100.
    expect(free.steps - paid.steps).toBeGreaterThanOrEqual(4);

    expect(meteredEnv({ ...env, SYNC_STEP_SUBREQUESTS: "5" }).meter.budget).toBe(50);
    expect(records("config_error")).toEqual([
      {
        event: "config_error",
        setting: "SYNC_STEP_SUBREQUESTS",
        error: 'SYNC_STEP_SUBREQUESTS must be a whole number from 50 to 10000 (got "5"); using 50',
      },
    ]);
  });

  it("logs a webhook batch's start with its run and page count, its steps and its end", async () => {
    const ids = pageIds.slice(0, 2);
    await syncDebouncer(env).enqueue({ pages: ids, schemas: [] });
    expect(await runDebouncer()).toBe(true);
    expect(await pendingChanges()).toEqual({ pages: [], schemas: [] });
    const [batch] = records("webhook_batch");
    expect(batch).toEqual({ event: "webhook_batch", runId: expect.any(Number), pages: ids.length, schemas: 0 });
    expect(records("sync_step").filter((r) => r.runId === batch!.runId).length).toBeGreaterThan(0);
    expect(records("run_end").filter((r) => r.runId === batch!.runId)).toEqual([
      expect.objectContaining({ kind: "page", target: "webhook", trigger: "webhook", ok: true }),
    ]);
  });
});

describe("rebuild request and unexpected error logs", () => {
  beforeEach(() => captureConsole());
  afterEach(() => {
    vi.restoreAllMocks();
    everyCallOneEvent();
  });

  it("logs the rebuild request's outcome and time, and never the deploy hook's address", async () => {
    const recorder = inject("hookRecorderUrl");
    await afterSync({ ...env, DEPLOY_HOOK_URL: `${recorder}/rebuild` }, undefined, { kind: "table", target: "notion_slots" });
    await afterSync({ ...env, DEPLOY_HOOK_URL: "http://127.0.0.1:1/hook/s3cr3t-token" }, undefined, { kind: "full" });
    const [ok, failed] = events("rebuild_request");
    expect(ok).toEqual({
      level: "log",
      record: {
        event: "rebuild_request",
        runId: expect.any(Number),
        reason: "table:notion_slots",
        ok: true,
        ms: expect.any(Number),
        message: "Deploy hook answered 202 Accepted",
      },
    });
    expect(failed).toMatchObject({
      level: "error",
      record: { reason: "full", ok: false, error: expect.stringMatching(/^Deploy hook failed: /) },
    });
    expect(JSON.stringify(logged)).not.toContain("s3cr3t");
  });

  it("answers an unexpected error with a 500 and logs its method, path and message", async () => {
    const app = new Hono<AppEnv>().get("/api/boom", () => {
      throw new Error("kaput", { cause: new Error("underneath") });
    });
    app.onError(onError);
    const res = await app.request("/api/boom", {}, env);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Internal server error" });
    expect(events("unexpected_error")).toEqual([
      { level: "error", record: { event: "unexpected_error", method: "GET", path: "/api/boom", error: "kaput" } },
    ]);
  });
});
