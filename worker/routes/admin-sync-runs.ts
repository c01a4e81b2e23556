import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { SyncRunsQuerySchema, type SyncRuns } from "#contract/sync-runs";
import { listSyncRuns } from "../data/sync-history";
import { validate } from "../lib/validate";

/** `GET /api/admin/sync-runs?limit=`: the sync history, newest first (every run kept when `limit` is left out). */
const adminSyncRuns = new Hono<AppEnv>();

adminSyncRuns.get("/", validate("query", SyncRunsQuerySchema), async (c) => {
  const { limit } = c.req.valid("query");
  return c.json<SyncRuns>({ runs: await listSyncRuns(c.env.DB, limit) });
});

export default adminSyncRuns;
