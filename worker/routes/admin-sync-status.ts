import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import type { SyncStatus } from "#contract/sync-runs";
import { readLatestRun, readLockingRun } from "../data/sync-runs";
import { isLockHeld, SYNC_LOCK } from "../tables/lock";

/**
 * `GET /api/admin/sync-status`: the last sync and the last site rebuild, from `sync_runs`, whether a sync holds the lock
 * now and which run it is (whoever started it: the admin panel follows it), and whether rebuilds are configured (DEPLOY_HOOK_URL set; without it no sync ever rebuilds the site).
 */
const adminSyncStatus = new Hono<AppEnv>();

adminSyncStatus.get("/", async (c) => {
  const [lastSync, lastRebuild, syncing, runningRunId] = await Promise.all([
    readLatestRun(c.env.DB, ["schema", "table", "full"]),
    readLatestRun(c.env.DB, ["rebuild"]),
    isLockHeld(c.env.DB, SYNC_LOCK),
    readLockingRun(c.env.DB, SYNC_LOCK),
  ]);
  return c.json<SyncStatus>({ lastSync, lastRebuild, syncing, runningRunId, rebuildConfigured: Boolean(c.env.DEPLOY_HOOK_URL) });
});

export default adminSyncStatus;
