import { DurableObject } from "cloudflare:workers";
import { WEBHOOK_MAX_QUEUED_IDS } from "#contract/webhook-status";
import { readSyncRun } from "../../data/sync-history";
import { finishRun } from "../../data/sync-runs";
import { LockBusyError } from "../../tables/lock";
import type { WebhookChanges } from "../../notion/webhook-events";
import { absentKeys, countEntry, dropQueued, forgetUnchanged, idsOf, keysOf, PAGE, queuedCount, SCHEMA } from "./debouncer-queue";
import { startSync, type SyncJob } from "../steps/start-sync";
import { logEvent } from "../../lib/log";
import { unrecordedEnd } from "../steps/run-ended";

/** Batching window when NOTION_WEBHOOK_DEBOUNCE_MS is unset: Notion itself aggregates edits for about this long. */
const DEFAULT_DEBOUNCE_MS = 5000;
/** Wait before trying again while another sync holds the lock. */
const LOCK_RETRY_MS = 10_000;
/** Failed runs (Notion or D1 errors) retried with a growing wait before the batch is dropped (the nightly sync catches up). */
const MAX_ATTEMPTS = 5;
/** Page ids one run takes at most (the run's parameters stay small); the rest wait for the next run. */
export const BATCH_PAGES = 1000;
/** How often a run that has not reported is looked up (its report is what normally ends it: a lost one must not stall the queue). */
const RUN_CHECK_MS = 60_000;
/** Page and schema ids queued at most; an event that would queue more queues one full sync instead of them all. */
export const MAX_QUEUED_IDS = WEBHOOK_MAX_QUEUED_IDS;
/** What the sync history says of a full sync queued in place of too many ids. */
export const FULL_SYNC_REASON = `Webhook: more than ${MAX_QUEUED_IDS.toLocaleString("en-US")} pages queued, so the whole workspace was synced instead`;

const ATTEMPTS = "attempts";
const SEQ = "seq";
const RUN = "run";
/** The mark of the full sync queued instead of ids (absent when none is). */
const FULL = "full";

/** The run under way: its workflow instance, its batch (or a full sync), and the last mark given when it was taken. */
type RunningBatch = { runId: number; instanceId: string; seq: number; full?: boolean } & WebhookChanges;

/** Instance states in which a run may still report. */
const UNDER_WAY = new Set(["queued", "running", "paused", "waiting", "waitingForPause", "unknown"]);

/** The batching window from the environment (milliseconds). */
function debounceMs(env: Pick<Env, "NOTION_WEBHOOK_DEBOUNCE_MS">): number {
  const ms = Number(env.NOTION_WEBHOOK_DEBOUNCE_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DEBOUNCE_MS;
}

/** The one debouncer every webhook request feeds (one object: one webhook run at a time). */
export function syncDebouncer(env: Env): DurableObjectStub<SyncDebouncer> {
  return env.SYNC_DEBOUNCER.get(env.SYNC_DEBOUNCER.idFromName("notion-webhooks"));
}

/**
 * Collects the pages and schemas webhook events name; once the window after the first of them has passed (the
 * object's alarm) it starts one SYNC workflow run for them (`startSync`, the sync lock taken as the admin panel's
 * starts take it) and keeps the ids until the run reports success (`finished`). Each pending id is one storage key
 * holding the mark (a rising number) of its latest event, so repeats collapse, and a key queued again while a run is
 * under way keeps its newer mark and is synced by the next run. A failed run leaves its ids queued, tried again with
 * a growing wait; a run that never reports is looked up every RUN_CHECK_MS. At most MAX_QUEUED_IDS ids are kept: an
 * event past that drops them all for one full sync, which takes nothing more until it starts.
 */
export class SyncDebouncer extends DurableObject<Env> {
  /** Queues `changes` and starts the window unless one is already open (or a run is under way: its end opens the next). */
  async enqueue(changes: WebhookChanges): Promise<void> {
    const keys = keysOf(changes);
    if (keys.length === 0) return;
    const mark = ((await this.ctx.storage.get<number>(SEQ)) ?? 0) + 1;
    // A full sync yet to start reads every page anyway.
    if (!(await this.fullSyncWaiting())) {
      const queued = (await queuedCount(this.ctx.storage)) + (await absentKeys(this.ctx.storage, keys)).length;
      if (queued > MAX_QUEUED_IDS) {
        logEvent(
          "webhook_overflow",
          { queued, message: `more than ${MAX_QUEUED_IDS} ids would be queued; one full sync runs instead` },
          "warn",
        );
        await dropQueued(this.ctx.storage);
        await this.ctx.storage.put({ [FULL]: mark, [SEQ]: mark });
      } else {
        await this.ctx.storage.put({ ...Object.fromEntries(keys.map((key) => [key, mark])), ...countEntry(queued), [SEQ]: mark });
      }
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
  }

  /** What is queued now (for tests): page ids and schema ids, those of a run under way included. */
  async pending(): Promise<WebhookChanges> {
    const [pages, schemas] = await Promise.all([this.ctx.storage.list({ prefix: PAGE }), this.ctx.storage.list({ prefix: SCHEMA })]);
    return { pages: idsOf(pages.keys(), PAGE), schemas: idsOf(schemas.keys(), SCHEMA) };
  }

  /** How much is queued (for the admin panel): pages, schemas (those of a run under way included), and whether a full sync is. */
  async queued(): Promise<{ pages: number; schemas: number; fullSync: boolean }> {
    const [count, schemas, full] = await Promise.all([
      queuedCount(this.ctx.storage),
      this.ctx.storage.list({ prefix: SCHEMA }),
      this.ctx.storage.get<number>(FULL),
    ]);
    return { pages: Math.max(0, count - schemas.size), schemas: schemas.size, fullSync: full !== undefined };
  }

  /** The run under way, if any: its `sync_runs` id, workflow instance, how many pages and schemas it took, and whether it is a full sync. */
  async running(): Promise<{ runId: number; instanceId: string; pages: number; schemas: number; full: boolean } | null> {
    const run = await this.ctx.storage.get<RunningBatch>(RUN);
    return run
      ? { runId: run.runId, instanceId: run.instanceId, pages: run.pages.length, schemas: run.schemas.length, full: run.full === true }
      : null;
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

  /** Starts a run for what is queued (a full sync queued instead of ids, else every schema and up to BATCH_PAGES pages); nothing queued: nothing to do. */
  private async startBatch(): Promise<void> {
    // The mark first: a key queued after it is kept by `forget` whether or not the lists below include it.
    const seq = (await this.ctx.storage.get<number>(SEQ)) ?? 0;
    if ((await this.ctx.storage.get<number>(FULL)) !== undefined)
      return this.start({ kind: "full", reason: FULL_SYNC_REASON }, { pages: [], schemas: [], full: true }, seq);
    const schemas = await this.ctx.storage.list<number>({ prefix: SCHEMA });
    const pages = await this.ctx.storage.list<number>({ prefix: PAGE, limit: BATCH_PAGES });
    if (schemas.size + pages.size === 0) return;
    const batch = { pages: idsOf(pages.keys(), PAGE), schemas: idsOf(schemas.keys(), SCHEMA) };
    await this.start({ kind: "webhook", ...batch }, batch, seq);
  }

  /** Starts `job` for `batch` (taken at mark `seq`); a busy lock is tried again soon, another failure counts as an attempt. */
  private async start(job: SyncJob, batch: WebhookChanges & { full?: boolean }, seq: number): Promise<void> {
    try {
      const runId = await startSync(this.env, job, "webhook", async (runId, instanceId) => {
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

  /** Whether a full sync is queued and not yet under way (a run under way that took it has a mark at or after it). */
  private async fullSyncWaiting(): Promise<boolean> {
    const full = await this.ctx.storage.get<number>(FULL);
    if (full === undefined) return false;
    const run = await this.ctx.storage.get<RunningBatch>(RUN);
    return !(run?.full && full <= run.seq);
  }

  /** Whether anything waits to be synced: ids or a full sync. */
  private async hasWork(): Promise<boolean> {
    return (await queuedCount(this.ctx.storage)) > 0 || (await this.ctx.storage.get<number>(FULL)) !== undefined;
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
    if (await this.hasWork()) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
    else await this.ctx.storage.deleteAlarm();
  }

  /** Drops the keys of `batch` (and its full sync) not queued again since mark `seq`. */
  private async forget(batch: WebhookChanges & { full?: boolean }, seq: number): Promise<void> {
    if (batch.full && ((await this.ctx.storage.get<number>(FULL)) ?? Infinity) <= seq) await this.ctx.storage.delete(FULL);
    await forgetUnchanged(this.ctx.storage, keysOf(batch), seq);
  }

  /** A run failed (or could not start): back off and try again, and after MAX_ATTEMPTS drop its batch. */
  private async failedAttempt(err: unknown, batch: WebhookChanges & { full?: boolean }, seq: number): Promise<void> {
    const attempts = ((await this.ctx.storage.get<number>(ATTEMPTS)) ?? 0) + 1;
    if (attempts >= MAX_ATTEMPTS) {
      logEvent("webhook_batch_failed", {
        attempt: attempts,
        error: err,
        message: "giving up on this batch; the nightly sync will catch up",
      });
      await this.ctx.storage.delete(ATTEMPTS);
      await this.forget(batch, seq);
      if (await this.hasWork()) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
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
    const message = `Webhook: ${unrecordedEnd(status)}`;
    await finishRun(this.env.DB, runId, { ok: false, message });
  }
}
