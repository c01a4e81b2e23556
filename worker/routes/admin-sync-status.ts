import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import type { SyncStatus } from "#contract/sync-runs";
import { readLatestRun, readLockingRun } from "../data/sync-runs";
import { isLockHeld, SYNC_LOCK } from "../tables/lock";
import { deployHook } from "../sync/publish/rebuild";

/**
 * `GET /api/admin/sync-status`: the last sync and the last site rebuild, from `sync_runs`, whether a sync holds the lock
 * now and which run it is (whoever started it: the admin panel follows it), and whether rebuilds are configured (a deploy hook set in the admin panel or as DEPLOY_HOOK_URL; without one no sync ever rebuilds the site).
 */
const adminSyncStatus = new Hono<AppEnv>();

adminSyncStatus.get("/", async (c) => {
  const [lastSync, lastRebuild, syncing, runningRunId, hook] = await Promise.all([
    readLatestRun(c.env.DB, ["schema", "table", "full"]),
    readLatestRun(c.env.DB, ["rebuild"]),
    isLockHeld(c.env.DB, SYNC_LOCK),
    readLockingRun(c.env.DB, SYNC_LOCK),
    deployHook(c.env),
  ]);
  return c.json<SyncStatus>({ lastSync, lastRebuild, syncing, runningRunId, rebuildConfigured: hook !== null });
});

export default adminSyncStatus;
