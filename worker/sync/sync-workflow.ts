import { APIResponseError, isNotionClientError } from "@notionhq/client";
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import type { RunTrigger } from "#contract/sync-runs";
import { LockLostError, SYNC_LOCK, heldLock } from "../tables/lock";
import type { SyncAllSummary } from "#contract/admin-api";
import { fullJob } from "./sync-all";
import { meteredStep, type SyncSteps } from "./sync-steps";
import { failureMessage } from "./job-common";
import { dataSyncRun } from "./table-job";
import type { SyncJob } from "./start-sync";
import { syncDebouncer } from "./sync-debouncer";
import { webhookJob, type WebhookRunResult } from "./webhook-job";
import { UpstreamError } from "../notion/upstream-error";

/** What a sync run is given: its `sync_runs` id, the holder of the sync lock taken for it, and what to sync (see `SyncJob`). */
export type SyncParams = { runId: number; holder: string; trigger: RunTrigger } & SyncJob;

/** A table run's result (a full run's is its `SyncAllSummary`). */
export type TableRunResult = { success: true; message: string };

/**
 * Each step retried on its own after Notion's own retries inside it (429 Retry-After and 5xx, see `pacedFetch`) ran
 * out: 2, 4, 8, 16 s apart, all shorter than the lock's lifetime, so the run keeps its lock between attempts.
 */
export const STEP_CONFIG: WorkflowStepConfig = { retries: { limit: 4, delay: "2 seconds", backoff: "exponential" }, timeout: "10 minutes" };

/** Whether a step that failed with `err` may pass when tried again: Notion's rate limits and outages, network and D1 hiccups; not a refusal, a lost lock or a bad statement. */
export function retryable(err: unknown): boolean {
  if (err instanceof LockLostError) return false;
  if (APIResponseError.isAPIResponseError(err)) return err.status === 429 || err.status >= 500;
  if (isNotionClientError(err)) return err.code === "notionhq_client_request_timeout";
  if (err instanceof UpstreamError) return err.transient;
  return !/SQLITE_|D1_TYPE_ERROR/.test(err instanceof Error ? err.message : String(err));
}

/**
 * The engine of every sync run: a table's Sync Data, the full sync (admin panel, launcher, cron) and a webhook batch,
 * as small steps (see `SyncSteps`). A run the webhook debouncer started ends by telling it how it went, after freeing the lock.
 */
export class SyncWorkflow extends WorkflowEntrypoint<Env, SyncParams> {
  override async run(event: WorkflowEvent<SyncParams>, step: WorkflowStep): Promise<TableRunResult | SyncAllSummary | WebhookRunResult> {
    const params = event.payload;
    const steps: SyncSteps = {
      runId: params.runId,
      run: <T>(name: string, work: Parameters<SyncSteps["run"]>[1], options?: Parameters<SyncSteps["run"]>[2]) =>
        step.do(name, STEP_CONFIG, async () => {
          try {
            return (await meteredStep(this.env, params.runId, params.holder, "workflow", work, { ...options, name })) as never;
          } catch (err) {
            // Rethrown by message: the engine keeps an error's message, and the history shows Notion's own.
            throw retryable(err) ? new Error(failureMessage(err)) : new NonRetryableError(failureMessage(err));
          }
        }) as Promise<T>,
    };
    let ok = false;
    try {
      let result: TableRunResult | SyncAllSummary | WebhookRunResult;
      if (params.kind === "full") result = await fullJob(steps, params.trigger, params.reason);
      else if (params.kind === "webhook") result = await webhookJob(steps, params);
      else result = { success: true, message: (await dataSyncRun(steps, params.entry, params.runId)).message };
      ok = true;
      return result;
    } finally {
      await step.do("release lock", STEP_CONFIG, () => heldLock(this.env.DB, SYNC_LOCK, params.holder).release());
      // The debouncer's runs (a batch, or a full sync queued in place of too many ids) are the webhook-triggered ones.
      if (params.trigger === "webhook") await step.do("report", STEP_CONFIG, () => syncDebouncer(this.env).finished(event.instanceId, ok));
    }
  }
}
