import { ADMIN_PATHS } from "#contract/api-paths";
import type { SyncStatus } from "#contract/sync-runs";
import type { AdminClient } from "../lib/admin-client.ts";

/**
 * Waits until no Notion sync has held the lock for `quietMs`, at most `limitMs`: publishing a build into the assets
 * folder makes `wrangler dev` reload the worker, which cuts a running sync short (lock held until it expires). The quiet
 * spell keeps a publish out of a run of syncs started one after another (an operator syncing table after table).
 */
export async function waitForSyncIdle(
  admin: AdminClient,
  {
    limitMs = 120_000,
    quietMs = 0,
    pollMs = 250,
    signal,
  }: { limitMs?: number; quietMs?: number; pollMs?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  let freeSince: number | null = null;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    const status = await admin.call<SyncStatus>(ADMIN_PATHS.syncStatus).catch(() => null);
    if (status?.syncing) freeSince = null;
    else freeSince ??= Date.now();
    if (freeSince !== null && Date.now() - freeSince >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return false;
}
