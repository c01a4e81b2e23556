import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import type { RunTrigger } from "#contract/sync-runs";
import { SYNC_LOCK, heldLock } from "../../tables/lock";
import type { SyncAllSummary } from "#contract/admin-api";
import { fullJob } from "./full-job";
import { tableJob } from "./table-job";
import type { SyncJob } from "../steps/start-sync";
import { syncDebouncer } from "../webhook/sync-debouncer";
import { webhookJob, type WebhookRunResult } from "./webhook-job";
import { STEP_CONFIG } from "../steps/durable-step";
import { workflowSteps } from "../steps/sync-steps";

/** What a sync run is given: its `sync_runs` id, the holder of the sync lock taken for it, and what to sync (see `SyncJob`). */
type SyncParams = { runId: number; holder: string; trigger: RunTrigger } & SyncJob;

/** A table run's result (a full run's is its `SyncAllSummary`). */
type TableRunResult = { success: true; message: string };

/**
 * The engine of every sync run: a table's Sync Data, the full sync (admin panel, launcher, cron) and a webhook batch,
 * as small steps (see `SyncSteps`). A run the webhook debouncer started ends by telling it how it went, after freeing the lock.
 */
export class SyncWorkflow extends WorkflowEntrypoint<Env, SyncParams> {
  override async run(event: WorkflowEvent<SyncParams>, step: WorkflowStep): Promise<TableRunResult | SyncAllSummary | WebhookRunResult> {
    const params = event.payload;
    const steps = workflowSteps(this.env, params, step);
    let ok = false;
    try {
      let result: TableRunResult | SyncAllSummary | WebhookRunResult;
      if (params.kind === "full") result = await fullJob(steps, params.trigger, params.reason);
      else if (params.kind === "webhook") result = await webhookJob(steps, params);
      else result = { success: true, message: (await tableJob(steps, params.entry, params.runId)).message };
      ok = true;
      return result;
    } finally {
      await step.do("release lock", STEP_CONFIG, () => heldLock(this.env.DB, SYNC_LOCK, params.holder).release());
      // The debouncer's runs (a batch, or a full sync queued in place of too many ids) are the webhook-triggered ones.
      if (params.trigger === "webhook") await step.do("report", STEP_CONFIG, () => syncDebouncer(this.env).finished(event.instanceId, ok));
    }
  }
}
