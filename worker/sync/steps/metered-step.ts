import { STEP_EVENT, stepLogFields } from "#contract/step-log";
import { recordStep } from "../../data/sync-runs";
import { LOCK_TTL_MS, SYNC_LOCK, heldLock, renewLock, type HeldLock } from "../../tables/lock";
import { meteredEnv } from "../../lib/step-meter";
import { logEvent } from "../../lib/log";

/** What a step did, added to its run's progress in the admin panel. */
type StepProgress = { pagesRead: number; rowsWritten: number; filesCopied: number };

/** What a step's work gets: the environment its subrequests are counted in, the run's lock on it, and its progress to fill in. */
export type StepContext = { env: Env; lock: HeldLock; progress: StepProgress };

/** `unlocked`: a step that must run even when the run lost its lock (recording a failure); `name`: the step's name, for its log line. */
export type StepOptions = { unlocked?: boolean; name?: string };

/** How a step runs: `inline` in the invocation holding the lock, or as a `workflow` step (its own invocation, retried by the engine). */
export type StepMode = "inline" | "workflow";

/**
 * One step's work with its subrequests counted, the run's lock renewed first (a workflow step runs in another
 * invocation than the one that took it; not for an `unlocked` step) and kept alive while it runs, and its progress
 * and cost recorded on the run's row.
 */
export async function meteredStep<T>(
  env: Env,
  runId: number,
  holder: string,
  mode: StepMode,
  work: (ctx: StepContext) => Promise<T>,
  options: StepOptions = {},
): Promise<T> {
  const started = Date.now();
  const { env: counted, meter } = meteredEnv(env, mode === "workflow");
  const renew = mode === "workflow" && !options.unlocked;
  const lock = renew ? await renewLock(counted.DB, SYNC_LOCK, holder) : heldLock(counted.DB, SYNC_LOCK, holder, LOCK_TTL_MS, Date.now());
  const heartbeat = setInterval(() => {
    lock.extend().catch((error: unknown) => logEvent("lock_heartbeat_failed", { runId, lock: SYNC_LOCK, error }));
  }, LOCK_TTL_MS / 8);
  const progress: StepProgress = { pagesRead: 0, rowsWritten: 0, filesCopied: 0 };
  try {
    const result = await work({ env: counted, lock, progress });
    // The record itself is one more subrequest of this step.
    await recordStep(env.DB, runId, { ...progress, subrequests: meter.used + 1, ms: Date.now() - started });
    if (mode === "workflow")
      logEvent(
        STEP_EVENT,
        stepLogFields({
          runId,
          name: options.name ?? "step",
          startedAt: started,
          endedAt: Date.now(),
          subrequests: meter.used + 1,
          rowsRead: meter.rowsRead,
          rowsWritten: meter.rowsWritten,
        }),
      );
    return result;
  } finally {
    clearInterval(heartbeat);
  }
}
