import { env } from "cloudflare:test";
import type { WorkflowStep } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startRun } from "../../data/sync-runs";
import { RetryAfterError } from "../../notion/upstream-error";
import { LOCK_TTL_MS, SYNC_LOCK, acquireLock, isLockHeld } from "../../tables/lock";
import { control, countPaths, notionStats, photoToys, rows, syncSchemas, syncTable } from "../../test/notion-sync";
import { MAX_NOTION_WAIT_MS, MAX_WAITS_PER_STEP } from "./durable-step";
import { workflowSteps } from "./sync-steps";

const TOYS = { id: "7e57da7a-0000-4000-8000-0000000000e1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000e2" };

const lockExpiry = async () =>
  (await env.DB.prepare("SELECT expires_at AS at FROM locks WHERE name = ?1").bind(SYNC_LOCK).first<number>("at"))!;

/** A stand-in for the engine's `step`: runs each step once (its result through JSON, as stored), and records each sleep with the lock's expiry then. */
function engine() {
  const steps: string[] = [];
  const sleeps: { name: string; ms: number; lockExpiresAt: number; at: number }[] = [];
  const step = {
    async do(name: string, _config: unknown, fn: () => Promise<unknown>) {
      steps.push(name);
      return JSON.parse(JSON.stringify((await fn()) ?? null)) as unknown;
    },
    async sleep(name: string, ms: number) {
      sleeps.push({ name, ms, lockExpiresAt: await lockExpiry(), at: Date.now() });
    },
  };
  return { step: step as unknown as WorkflowStep, steps, sleeps };
}

/** A step's work that Notion answers 429 with a Retry-After of `waits[i]` ms the i-th time, then lets through. */
function rateLimitedWork(waits: number[]) {
  let calls = 0;
  return async () => {
    const wait = waits[calls++];
    if (wait !== undefined) throw new RetryAfterError(wait, "api.notion.com");
    return { pages: 100 };
  };
}

describe("a workflow step that meets a long Retry-After", () => {
  let run: { runId: number; holder: string };

  beforeEach(async () => {
    await env.DB.exec("DELETE FROM locks");
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    run = { runId: await startRun(env.DB, "table", "notion_vintage_toys", "manual"), holder: lock.holder };
  });

  afterEach(async () => {
    await env.DB.exec("DELETE FROM locks");
    await env.DB.prepare("DELETE FROM sync_runs WHERE id = ?1").bind(run.runId).run();
  });

  it("ends with a wait, the run sleeps all of it with the lock held past it, then runs the step again", async () => {
    const { step, steps, sleeps } = engine();
    const result = await workflowSteps(env, run, step).run("toys: read 1", rateLimitedWork([120_000]));
    expect(result).toEqual({ pages: 100 });
    expect(steps).toEqual(["toys: read 1", "toys: read 1 (again after waiting for Notion, 1)"]);
    expect(sleeps.map(({ name, ms }) => ({ name, ms }))).toEqual([{ name: "toys: read 1: Notion's Retry-After", ms: 120_000 }]);
    // Nothing renews the lock while the run sleeps: it was pushed out past the wait, plus a lifetime for the next step.
    expect(sleeps[0]!.lockExpiresAt).toBeGreaterThanOrEqual(sleeps[0]!.at + 120_000 + LOCK_TTL_MS - 1000);
    expect(await isLockHeld(env.DB, SYNC_LOCK, Date.now() + 120_000)).toBe(true);
  });

  it(`stops the run, naming the request, on a wait longer than ${MAX_NOTION_WAIT_MS / 60_000} minutes: no sleep, no early retry`, async () => {
    const { step, steps, sleeps } = engine();
    const work = rateLimitedWork([MAX_NOTION_WAIT_MS + 1000]);
    const failure = workflowSteps(env, run, step).run("toys: read 1", work);
    // The refusal is the step's stored result, thrown by the run afterwards: the engine never ends the run in its own words.
    await expect(failure).rejects.toMatchObject({
      name: "NotionFailureError",
      failure: {
        status: 429,
        code: "rate_limited",
        message:
          "api.notion.com is rate limiting the sync: it asked to wait 901 s before the next request (429 Retry-After), longer than the 15 minutes a sync run waits",
      },
    });
    expect(steps).toEqual(["toys: read 1"]);
    expect(sleeps).toEqual([]);
  });

  it(`gives up after ${MAX_WAITS_PER_STEP} waits in one step, each slept in full`, async () => {
    const { step, sleeps } = engine();
    const failure = workflowSteps(env, run, step).run("toys: read 1", rateLimitedWork(new Array(MAX_WAITS_PER_STEP + 1).fill(61_000)));
    await expect(failure).rejects.toMatchObject({
      name: "NotionFailureError",
      message: `api.notion.com is rate limiting the sync: it asked to wait 61 s before the next request (429 Retry-After), after ${MAX_WAITS_PER_STEP} waits in this step already`,
    });
    expect(sleeps.map((s) => s.ms)).toEqual(new Array(MAX_WAITS_PER_STEP).fill(61_000));
  });
});

describe("Sync Data when Notion asks for a two-minute wait", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    await photoToys(TOYS, 150);
    expect((await syncSchemas()).success).toBe(true);
  });

  it("sleeps it out as a workflow sleep and asks Notion again only after it: every row synced, one query more", async () => {
    const query = new RegExp(`/data_sources/${TOYS.dataSourceId}/query$`);
    const before = countPaths(await notionStats(), query);
    // The second cursor page answers 429 with Retry-After: 120 once.
    await control("faults", { status: 429, times: 1, skip: 1, retryAfter: 120, path: `/data_sources/${TOYS.dataSourceId}/query` });
    let waited: unknown;
    const res = await syncTable("Vintage Toys", async ([instance]) => {
      waited = await instance!.waitForStepResult({ name: "notion_vintage_toys: read 1" });
    });
    expect(res.run).toMatchObject({ ok: true, status: "complete", rowsWritten: 150 });
    expect(await rows("Vintage Toys")).toHaveLength(150);
    expect(waited).toEqual({ done: false, waitMs: 120_000 });
    expect(countPaths(await notionStats(), query) - before).toBe(2 + 1);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
  });
});
