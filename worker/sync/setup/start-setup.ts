import type { SetupRun } from "#contract/first-run";
import { readSetting } from "../../data/site-settings";
import { finishSetupRun, readSetupRun, runningSetupRun, startSetupRun } from "../../data/setup-runs";
import { errorMessage } from "../../lib/errors";
import { ownMessage, unrecordedHow } from "../steps/run-ended";
import { demoPageTotal, type SetupParams } from "./setup-workflow";

/** The SETUP workflow instance of a run (its start time too: run ids start again from 1 in a fresh local database, instances may not). */
export const setupInstanceId = (runId: number, startedAt: string) => `setup-run-${runId}-${Date.parse(startedAt)}`;

/** How long a run's row may exist before its instance does (the start writes the row, then creates the instance). */
const INSTANCE_GRACE_MS = 60_000;

/** Instance states of a run still under way. */
const UNDER_WAY = new Set(["queued", "running", "waiting", "paused", "waitingForPause"]);

/** Why no page is kept yet: the first step comes first. */
export class NoParentPageError extends Error {
  override name = "NoParentPageError";
  constructor() {
    super("Choose the catalogue's page first (step 1, The Notion connection): setup creates the catalogue under it.");
  }
}

/** The card's words for a run whose instance ended without recording its end (its invocation killed, stopped from the dashboard). */
const endedUnrecorded = (status: string, message?: string) =>
  ownMessage(status, message) ??
  `Setup ${unrecordedHow(status)}. What it made in Notion is kept: run it again and it carries on where it stopped.`;

/**
 * A create run as it stands: one whose workflow instance has ended (or was never made) without recording its end is
 * recorded as failed, in our words, so the card never waits for it and a new run may start.
 */
export async function settleSetupRun(env: Env, run: SetupRun, now = Date.now()): Promise<SetupRun> {
  if (run.kind !== "create" || run.finishedAt !== null) return run;
  const instance = await env.SETUP.get(setupInstanceId(run.id, run.startedAt)).catch(() => null);
  const state = instance ? await instance.status() : null;
  if (state ? UNDER_WAY.has(state.status) : now - Date.parse(run.startedAt) < INSTANCE_GRACE_MS) return run;
  await finishSetupRun(env.DB, run.id, {
    ok: false,
    phase: "Stopped",
    message: endedUnrecorded(state?.status ?? "lost", state?.error?.message),
  });
  return (await readSetupRun(env.DB, run.id)) ?? run;
}

/**
 * Starts "Create the catalogue under this page" under the page the worker keeps, with or without the demo, as a SETUP
 * workflow run, and returns its row at once (the card follows it). NoParentPageError without a page; SetupRunningError
 * while a run is under way (one whose instance ended unrecorded is settled first).
 */
export async function startSetup(env: Env, demo: boolean): Promise<SetupRun> {
  const parentPageId = await readSetting(env.DB, "notionParentPageId");
  if (!parentPageId) throw new NoParentPageError();
  const running = await runningSetupRun(env.DB);
  if (running) await settleSetupRun(env, running);
  const run = await startSetupRun(env.DB, { parentPageId, demo, pagesTotal: demo ? demoPageTotal() : 0 });
  try {
    await env.SETUP.create({
      id: setupInstanceId(run.id, run.startedAt),
      params: { runId: run.id, parentPageId, demo } satisfies SetupParams,
    });
  } catch (err) {
    await finishSetupRun(env.DB, run.id, {
      ok: false,
      phase: "Stopped",
      message: `Setup could not start: ${errorMessage(err)}. Try again.`,
    });
    throw err;
  }
  return run;
}
