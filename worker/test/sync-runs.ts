import type { RunKind, RunTrigger } from "#contract/sync-runs";
import { finishRun, startRun, type RunOutcome } from "../data/sync-runs";

/** Records a run that already ended in one call, as the sync records its runs (`startRun`, then `finishRun`). */
export async function recordRun(
  db: D1Database,
  run: RunOutcome & { kind: RunKind; target: string | null; trigger: RunTrigger; startedAt?: Date; finishedAt?: Date },
): Promise<number> {
  const id = await startRun(db, run.kind, run.target, run.trigger, run.startedAt);
  await finishRun(db, id, run, run.finishedAt);
  return id;
}
