import { atom } from "nanostores";
import { runEnded, type SyncRunProgress } from "#contract/sync-runs";
import { readSyncRun } from "../shared/admin-api";

/** The sync run in progress, whoever started it (this tab, another, the cron, a webhook batch, the launcher): its latest reading, null when none is followed. */
export const $syncProgress = atom<SyncRunProgress | null>(null);
/** How often a running sync's progress is read. */
const SYNC_PROGRESS_POLL_MS = 1000;
/** Readings before the tab stops following a run (the run goes on; the history shows its end). */
const SYNC_PROGRESS_READINGS = 3600;

/** The run followed now, and the ids of runs followed to their end (a run killed midway holds the lock until it expires: not followed again). */
let following: { runId: number; done: Promise<SyncRunProgress> } | null = null;
const ended = new Set<number>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function poll(runId: number): Promise<SyncRunProgress> {
  try {
    for (let reading = 0; reading < SYNC_PROGRESS_READINGS; reading++) {
      const run = await readSyncRun(runId);
      if (following?.runId === runId) $syncProgress.set(run);
      if (runEnded(run)) {
        ended.add(runId);
        return run;
      }
      await wait(SYNC_PROGRESS_POLL_MS);
    }
    throw new Error("The sync is still running; the Sync history shows how it ends");
  } finally {
    if (following?.runId === runId) {
      following = null;
      $syncProgress.set(null);
    }
  }
}

/**
 * Reads run `runId`'s progress every SYNC_PROGRESS_POLL_MS into `$syncProgress` until it has ended, and resolves with
 * its last reading; one reader per run however many ask (the tab's own start and the polled status may both find it).
 */
export function followRun(runId: number): Promise<SyncRunProgress> {
  if (following?.runId === runId) return following.done;
  following = { runId, done: poll(runId) };
  return following.done;
}

/** Whether run `runId` should be followed now: it is not followed already and was not followed to its end before. */
export function shouldFollow(runId: number): boolean {
  return following?.runId !== runId && !ended.has(runId);
}
