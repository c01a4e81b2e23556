import { vi } from "vitest";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { $schemaSync, $syncingAll, $syncingTable, $syncRuns, $syncStatus, SYNC_HISTORY_PAGE } from "../sync-store";
import { $toasts, dismiss } from "../../../shell/toasts";

/** Two synced tables as GET /api/admin/notion-tables lists them. */
export const slots = {
  tableName: "notion_slot_machines",
  recordCount: 2,
  databaseTitle: "Slot Machines",
  databaseId: "db-slots",
  drafts: 0,
  held: 0,
  removalHold: null,
};
/** A table with no rows yet. */
export const parts = {
  tableName: "notion_machine_parts",
  recordCount: 0,
  databaseTitle: "Machine Parts",
  databaseId: "db-parts",
  drafts: 0,
  held: 0,
  removalHold: null,
};
/** The newest toast shown. */
export const lastToast = () => $toasts.get()[0];
/** A started run (202), read back at GET /api/admin/sync-runs/7. */
export const started = () => Response.json({ success: true, runId: 7, message: "Sync of notion_slot_machines started" }, { status: 202 });
/** The worker's answer while another sync holds the lock. */
export const refused = () =>
  Response.json({ success: false, message: "A Notion sync is already running; try again when it has finished" }, { status: 409 });
/** A run's reading at GET /api/admin/sync-runs/:id, ended as `end` says. */
export const ended = (end: Parameters<typeof syncRunReading>[0]) => () =>
  Response.json(syncRunReading({ finishedAt: "2026-01-01T04:00:05.000Z", ...end }));
/** The answers of a worker with nothing running: the table list, an idle sync status and the site's build time. */
export const quiet = {
  "GET /api/admin/notion-tables": () => Response.json({ tables: [slots, parts] }),
  "GET /api/admin/sync-status": () => Response.json({ lastSync: null, lastRebuild: null, syncing: false }),
  "GET /build-info.json": () => Response.json({ builtAt: "2026-01-01T04:02:00.000Z" }),
};

/** Puts the sync stores and toasts back as a freshly loaded tab has them, and fetch back as it was. */
export function resetSyncStores() {
  dismiss();
  $schemaSync.set({ running: false, result: null });
  $syncingTable.set(null);
  $syncingAll.set(false);
  $syncStatus.set({ status: null, build: null, error: null });
  $syncRuns.set({ runs: null, shown: SYNC_HISTORY_PAGE, older: false, loadingOlder: false, error: null });
}

/** Restores the global fetch a test's fake admin API replaced. */
export const restoreFetch = () => vi.unstubAllGlobals();
