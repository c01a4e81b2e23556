import type { AdminClient } from "./admin-client.ts";

type RunStatus = { syncing: boolean };

/**
 * Waits until no Notion sync is running, at most `limitMs`: publishing a build
 * into the assets folder makes `wrangler dev` reload the worker, which would cut a running sync short.
 */
export async function waitForSyncIdle(admin: AdminClient, limitMs = 120_000, pollMs = 250): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const status = await admin.call<RunStatus>("/api/admin/sync-status").catch(() => null);
    if (!status?.syncing) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return false;
}
