import { DurableObject } from "cloudflare:workers";
import { readSyncRun } from "../data/sync-history";
import { finishRun } from "../data/sync-runs";
import { LockBusyError } from "../tables/lock";
import type { WebhookChanges } from "../notion/webhook-events";
import { startSync } from "./start-sync";
import { logEvent } from "../lib/log";

/** Batching window when NOTION_WEBHOOK_DEBOUNCE_MS is unset: Notion itself aggregates edits for about this long. */
export const DEFAULT_DEBOUNCE_MS = 5000;
/** Wait before trying again while another sync holds the lock. */
export const LOCK_RETRY_MS = 10_000;
/** Failed runs (Notion or D1 errors) retried with a growing wait before the batch is dropped (the nightly sync catches up). */
export const MAX_ATTEMPTS = 5;
/** Page ids one run takes at most (the run's parameters stay small); the rest wait for the next run. */
export const BATCH_PAGES = 1000;
/** How often a run that has not reported is looked up (its report is what normally ends it: a lost one must not stall the queue). */
export const RUN_CHECK_MS = 60_000;

const PAGE = "page:";
const SCHEMA = "schema:";
const ATTEMPTS = "attempts";
const SEQ = "seq";
const RUN = "run";

/** The run under way: its workflow instance, its batch, and the last mark given when it was taken. */
type RunningBatch = { runId: number; instanceId: string; seq: number } & WebhookChanges;

/** Instance states in which a run may still report. */
const UNDER_WAY = new Set(["queued", "running", "paused", "waiting", "waitingForPause", "unknown"]);

/** The batching window from the environment (milliseconds). */
export function debounceMs(env: Pick<Env, "NOTION_WEBHOOK_DEBOUNCE_MS">): number {
  const ms = Number(env.NOTION_WEBHOOK_DEBOUNCE_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DEBOUNCE_MS;
}

/** The one debouncer every webhook request feeds (one object: one webhook run at a time). */
export function syncDebouncer(env: Env): DurableObjectStub<SyncDebouncer> {
  return env.SYNC_DEBOUNCER.get(env.SYNC_DEBOUNCER.idFromName("notion-webhooks"));
}

const ids = (keys: Iterable<string>, prefix: string) => [...keys].map((k) => k.slice(prefix.length));

/**
 * Collects the pages and schemas webhook events name; once the window after the first of them has passed (the
 * object's alarm) it starts one SYNC workflow run for them (`startSync`, the sync lock taken as the admin panel's
 * starts take it) and keeps the ids until the run reports success (`finished`). Each pending id is one storage key
 * holding the mark (a rising number) of its latest event, so repeats collapse, and a key queued again while a run is
 * under way keeps its newer mark and is synced by the next run. A failed run leaves its ids queued, tried again with
 * a growing wait; a run that never reports is looked up every RUN_CHECK_MS.
 */
export class SyncDebouncer extends DurableObject<Env> {
  /** Queues `changes` and starts the window unless one is already open (or a run is under way: its end opens the next). */
  async enqueue(changes: WebhookChanges): Promise<void> {
    const mark = ((await this.ctx.storage.get<number>(SEQ)) ?? 0) + 1;
    const entries: Record<string, number> = {};
    for (const id of changes.pages) entries[PAGE + id] = mark;
    for (const id of changes.schemas) entries[SCHEMA + id] = mark;
    if (Object.keys(entries).length === 0) return;
    await this.ctx.storage.put({ ...entries, [SEQ]: mark });
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
  }

  /** What is queued now (for the admin panel and tests): page ids and schema ids, those of a run under way included. */
  async pending(): Promise<WebhookChanges> {
    const [pages, schemas] = await Promise.all([this.ctx.storage.list({ prefix: PAGE }), this.ctx.storage.list({ prefix: SCHEMA })]);
    return { pages: ids(pages.keys(), PAGE), schemas: ids(schemas.keys(), SCHEMA) };
  }

  /** The run under way, if any: its `sync_runs` id, workflow instance, and how many pages and schemas it took. */
  async running(): Promise<{ runId: number; instanceId: string; pages: number; schemas: number } | null> {
    const run = await this.ctx.storage.get<RunningBatch>(RUN);
    return run ? { runId: run.runId, instanceId: run.instanceId, pages: run.pages.length, schemas: run.schemas.length } : null;
  }

  /** The webhook run `instanceId` reports how it ended (its last step, after it freed the lock). */
  async finished(instanceId: string, ok: boolean): Promise<void> {
    const run = await this.ctx.storage.get<RunningBatch>(RUN);
    if (run?.instanceId !== instanceId) return;
    await this.settle(run, ok);
  }

  override async alarm(): Promise<void> {
    const run = await this.ctx.storage.get<RunningBatch>(RUN);
    if (!run) return this.startBatch();
    // The run has not reported: ask the engine how it is doing.
    const status = await this.env.SYNC.get(run.instanceId)
      .then((instance) => instance.status())
      .catch(() => null);
    if (status && UNDER_WAY.has(status.status)) {
      await this.ctx.storage.setAlarm(Date.now() + RUN_CHECK_MS);
      return;
    }
    const ok = status?.status === "complete";
    if (!ok) await this.recordUnreported(run.runId, status?.status ?? "lost");
    await this.settle(run, ok);
  }

  /** Starts a run for what is queued (every schema, up to BATCH_PAGES pages); nothing queued: nothing to do. */
  private async startBatch(): Promise<void> {
    // The mark first: a key queued after it is kept by `forget` whether or not the lists below include it.
    const seq = (await this.ctx.storage.get<number>(SEQ)) ?? 0;
    const schemas = await this.ctx.storage.list<number>({ prefix: SCHEMA });
    const pages = await this.ctx.storage.list<number>({ prefix: PAGE, limit: BATCH_PAGES });
    if (schemas.size + pages.size === 0) return;
    const batch = { pages: ids(pages.keys(), PAGE), schemas: ids(schemas.keys(), SCHEMA) };
    try {
      const runId = await startSync(this.env, { kind: "webhook", ...batch }, "webhook", async (runId, instanceId) => {
        await this.ctx.storage.put<RunningBatch>(RUN, { runId, instanceId, seq, ...batch });
      });
      logEvent("webhook_batch", { runId, pages: batch.pages.length, schemas: batch.schemas.length });
    } catch (err) {
      await this.ctx.storage.delete(RUN);
      if (err instanceof LockBusyError) await this.ctx.storage.setAlarm(Date.now() + LOCK_RETRY_MS);
      else await this.failedAttempt(err, batch, seq);
      return;
    }
    await this.ctx.storage.setAlarm(Date.now() + RUN_CHECK_MS);
  }

  /** A run ended: on success its ids are forgotten (unless queued again meanwhile), else the attempt counts; then the next window. */
  private async settle(run: RunningBatch, ok: boolean): Promise<void> {
    await this.ctx.storage.delete(RUN);
    if (!ok) {
      await this.failedAttempt(new Error(`webhook sync run ${run.runId} failed`), run, run.seq);
      return;
    }
    await this.forget(run, run.seq);
    await this.ctx.storage.delete(ATTEMPTS);
    const left = await this.pending();
    if (left.pages.length + left.schemas.length > 0) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
    else await this.ctx.storage.deleteAlarm();
  }

  /** Drops the keys of `batch` not queued again since mark `seq`. */
  private async forget(batch: WebhookChanges, seq: number): Promise<void> {
    const keys = [...batch.pages.map((id) => PAGE + id), ...batch.schemas.map((id) => SCHEMA + id)];
    for (let at = 0; at < keys.length; at += 128) {
      const now = await this.ctx.storage.get<number | string>(keys.slice(at, at + 128));
      // A mark that is not a number was given before marks rose (a uuid): older than any batch.
      const unchanged = [...now].filter(([, mark]) => typeof mark !== "number" || mark <= seq).map(([key]) => key);
      if (unchanged.length) await this.ctx.storage.delete(unchanged);
    }
  }

  /** A run failed (or could not start): back off and try again, and after MAX_ATTEMPTS drop its batch. */
  private async failedAttempt(err: unknown, batch: WebhookChanges, seq: number): Promise<void> {
    const attempts = ((await this.ctx.storage.get<number>(ATTEMPTS)) ?? 0) + 1;
    if (attempts >= MAX_ATTEMPTS) {
      logEvent("webhook_batch_failed", {
        attempt: attempts,
        error: err,
        message: "giving up on this batch; the nightly sync will catch up",
      });
      await this.ctx.storage.delete(ATTEMPTS);
      await this.forget(batch, seq);
      const left = await this.pending();
      if (left.pages.length + left.schemas.length > 0) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
      return;
    }
    logEvent("webhook_batch_failed", { attempt: attempts, error: err, message: "trying again" });
    await this.ctx.storage.put(ATTEMPTS, attempts);
    await this.ctx.storage.setAlarm(Date.now() + Math.max(debounceMs(this.env), 1000) * 2 ** attempts);
  }

  /** A run that ended without reporting (stopped, or lost) is recorded as failed unless it recorded its own end. */
  private async recordUnreported(runId: number, status: string): Promise<void> {
    const row = await readSyncRun(this.env.DB, runId);
    if (row?.finishedAt !== null) return;
    const message = `Webhook: the sync run was ${status === "terminated" ? "stopped" : status === "errored" ? "ended by an error" : "lost"}`;
    await finishRun(this.env.DB, runId, { ok: false, message });
  }
}
