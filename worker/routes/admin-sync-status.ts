import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { readLatestRun } from "../data/sync-runs";

/** `GET /api/admin/sync-status`: the last sync and the last site rebuild, from `sync_runs`. */
const adminSyncStatus = new Hono<AppEnv>();

adminSyncStatus.get("/", async (c) => {
  const [lastSync, lastRebuild] = await Promise.all([
    readLatestRun(c.env.DB, ["schema", "table", "full"]),
    readLatestRun(c.env.DB, ["rebuild"]),
  ]);
  return c.json({ lastSync, lastRebuild });
});

export default adminSyncStatus;
