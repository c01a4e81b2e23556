import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { z } from "zod";
import { SyncRunsQuerySchema, type SyncRunProgress, type SyncRuns } from "#contract/sync-runs";
import { listSyncRuns, readSyncRun } from "../data/sync-history";
import { finishRun } from "../data/sync-runs";
import { fail } from "../lib/errors";
import { validate } from "./lib/validate";
import { unrecordedEnd } from "../sync/steps/run-ended";
import { runInstanceId } from "../sync/steps/start-sync";

/** `GET /api/admin/sync-runs?limit=`: the sync history, newest first (every run kept when `limit` is left out); `/{id}`: one run's progress. */
const adminSyncRuns = new Hono<AppEnv>();

const RunParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

adminSyncRuns.get("/", validate("query", SyncRunsQuerySchema), async (c) => {
  const { limit } = c.req.valid("query");
  return c.json<SyncRuns>({ runs: await listSyncRuns(c.env.DB, limit) });
});

adminSyncRuns.get("/:id", validate("param", RunParams), async (c) => {
  const { id } = c.req.valid("param");
  const readAt = new Date().toISOString();
  const found = await readSyncRun(c.env.DB, id);
  if (!found) fail(404, `No sync run ${id}`);
  const run = { ...found, readAt };
  if (run.kind !== "table" && run.kind !== "full" && run.kind !== "page") return c.json<SyncRunProgress>(run);
  const instance = await c.env.SYNC.get(runInstanceId(id, run.startedAt)).catch(() => null);
  // Runs made in one invocation (webhook page runs before they ran on the workflow) have no instance.
  if (!instance) return c.json<SyncRunProgress>(run);
  const state = await instance.status();
  if (run.finishedAt === null && (state.status === "terminated" || state.status === "errored")) {
    // Killed before its own failure step could record it; its lock expires on its own.
    const message = unrecordedEnd(state.status, state.error?.message);
    await finishRun(c.env.DB, id, { ok: false, message });
    return c.json<SyncRunProgress>({ ...((await readSyncRun(c.env.DB, id)) ?? run), readAt, status: state.status });
  }
  return c.json<SyncRunProgress>(
    state.status === "complete" ? { ...run, status: state.status, result: state.output } : { ...run, status: state.status },
  );
});

export default adminSyncRuns;
