import type { WorkflowStep } from "cloudflare:workers";
import type { NextTry } from "#contract/notion-failures";
import type { RunTrigger } from "#contract/sync-runs";
import { LOCK_TTL_MS, SYNC_LOCK, renewLock } from "../../tables/lock";
import { logEvent } from "../../lib/log";
import { durableStep } from "./durable-step";
import { meteredStep, type StepContext, type StepOptions } from "./metered-step";

/**
 * Runs a sync as named steps, each a bounded slice of work: on Workflows each step is its own invocation, retried on
 * its own with its result kept; run inline (the tests, `worker/test/inline-sync.ts`) they run one after the other.
 * `run`'s result must be small and JSON-serialisable (a step's result is stored).
 */
export type SyncSteps = {
  runId: number;
  /** When the run's work runs again by itself after Notion failed it (the nightly sync unless said). */
  nextTry?: NextTry;
  run<T>(name: string, work: (ctx: StepContext) => Promise<T>, options?: StepOptions): Promise<T>;
};

/**
 * A sync run's steps (see `SyncSteps`): each `step.do` of the engine, metered and under the run's lock (`durableStep`).
 * Before the run sleeps out a wait Notion asked for, the step pushes the lock's expiry past the wait (nothing renews it
 * while the run sleeps).
 */
export function workflowSteps(env: Env, run: { runId: number; holder: string; trigger?: RunTrigger }, step: WorkflowStep): SyncSteps {
  return {
    runId: run.runId,
    nextTry: run.trigger === "webhook" ? "webhook" : "nightly",
    run<T>(name: string, work: Parameters<SyncSteps["run"]>[1], options?: Parameters<SyncSteps["run"]>[2]): Promise<T> {
      const attempt = async (attemptName: string) =>
        (await meteredStep(env, run.runId, run.holder, "workflow", work, { ...options, name: attemptName })) as T;
      return durableStep(step, name, attempt, {
        async onWait(err, attemptName) {
          if (!options?.unlocked) await renewLock(env.DB, SYNC_LOCK, run.holder, err.waitMs + LOCK_TTL_MS);
          logEvent("sync_step_wait", {
            runId: run.runId,
            step: attemptName,
            ms: err.waitMs,
            message: `${err.message}; the run sleeps, then runs the step again`,
          });
        },
      });
    },
  };
}
