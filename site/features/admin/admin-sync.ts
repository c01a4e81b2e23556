import { atom } from "nanostores";
import type { NotionTable, SchemaSyncResult } from "#contract/admin-api";
import { runEnded, type SyncHistoryRun, type SyncRunProgress, type SyncStatus } from "#contract/sync-runs";
import {
  readBuildInfo,
  readNotionTables,
  readSyncRun,
  readSyncRuns,
  readSyncStatus,
  syncSchemas,
  syncTable,
  type BuildInfo,
} from "./admin-api";
import { errorText, failureToast } from "./error-text";
import { schemaSyncToast, syncErrorToast, tableSyncToast } from "./sync-toasts";
import { handleUnauthorized } from "./admin-store";
import { toast } from "../shell/toasts";

/** How often the Notion Sync tab re-reads sync-status and the build time. */
export const SYNC_STATUS_POLL_MS = 10_000;

/** The schema sync: running flag and the last result (listed per table). */
export const $schemaSync = atom<{ running: boolean; result: SchemaSyncResult | null }>({ running: false, result: null });
/** The synced tables list. */
export const $notionTables = atom<{ data: NotionTable[] | null; loading: boolean }>({ data: null, loading: false });
/** The table whose data sync runs now; only one at a time. */
export const $syncingTable = atom<string | null>(null);
/** The running table sync's latest reading (pages read, rows written, files copied), null before its first. */
export const $syncProgress = atom<SyncRunProgress | null>(null);
/** How often a running table sync's progress is read. */
export const SYNC_PROGRESS_POLL_MS = 1000;
/** Readings before the tab stops following a run (the run goes on; the history shows its end). */
const SYNC_PROGRESS_READINGS = 3600;
/** Last sync, last rebuild request, and the deployed site's build time. */
export const $syncStatus = atom<{ status: SyncStatus | null; build: BuildInfo | null; error: string | null }>({
  status: null,
  build: null,
  error: null,
});

/** Runs the Sync history card lists. */
export const SYNC_HISTORY_LIMIT = 50;
/** The sync history, newest first (null until loaded), and why it could not load. */
export const $syncRuns = atom<{ runs: SyncHistoryRun[] | null; error: string | null }>({ runs: null, error: null });

/** Loads the sync history; a failure keeps the runs shown and says why. */
export async function refreshSyncRuns(): Promise<void> {
  try {
    const { runs } = await readSyncRuns(SYNC_HISTORY_LIMIT);
    $syncRuns.set({ runs, error: null });
  } catch (error) {
    if (!handleUnauthorized(error)) $syncRuns.set({ ...$syncRuns.get(), error: errorText(error) });
  }
}

/** Loads the table list; failures become a 'Failed to fetch notion tables' notice. */
export async function refreshTables(): Promise<void> {
  $notionTables.set({ ...$notionTables.get(), loading: true });
  try {
    const { tables } = await readNotionTables();
    $notionTables.set({ data: tables, loading: false });
  } catch (error) {
    $notionTables.set({ ...$notionTables.get(), loading: false });
    if (!handleUnauthorized(error)) toast(failureToast("Failed to fetch notion tables", error));
  }
}

/** Loads sync-status and /build-info.json (a missing build-info only leaves the build time empty); a sync that started or ended since, such as the cron's, reloads the history. */
export async function refreshSyncStatus(): Promise<void> {
  const [status, build] = await Promise.allSettled([readSyncStatus(), readBuildInfo()]);
  if (status.status === "rejected") handleUnauthorized(status.reason);
  const before = $syncStatus.get().status?.lastSync;
  const after = status.status === "fulfilled" ? status.value.lastSync : before;
  if (before && (before.startedAt !== after?.startedAt || before.finishedAt !== after?.finishedAt)) void refreshSyncRuns();
  $syncStatus.set({
    status: status.status === "fulfilled" ? status.value : $syncStatus.get().status,
    build: build.status === "fulfilled" ? build.value : null,
    error: status.status === "rejected" ? errorText(status.reason) : null,
  });
}

/** Runs the schema sync (button disabled meanwhile) and lists its per-table result. */
export async function runSchemaSync(): Promise<void> {
  if ($schemaSync.get().running) return;
  $schemaSync.set({ ...$schemaSync.get(), running: true });
  try {
    const result = await syncSchemas();
    $schemaSync.set({ running: false, result });
    toast(schemaSyncToast(result));
    await Promise.all([refreshTables(), refreshSyncStatus(), refreshSyncRuns()]);
  } catch (error) {
    $schemaSync.set({ ...$schemaSync.get(), running: false });
    if (handleUnauthorized(error)) return;
    toast(syncErrorToast("Schema Sync Failed", "Failed to sync Notion schemas", error));
    await Promise.all([refreshSyncStatus(), refreshSyncRuns()]);
  }
}

/** Reads a sync run's progress every SYNC_PROGRESS_POLL_MS into `$syncProgress` until it has ended. */
async function followRun(runId: number): Promise<SyncRunProgress> {
  for (let reading = 0; reading < SYNC_PROGRESS_READINGS; reading++) {
    const run = await readSyncRun(runId);
    $syncProgress.set(run);
    if (runEnded(run)) return run;
    await new Promise((resolve) => setTimeout(resolve, SYNC_PROGRESS_POLL_MS));
  }
  throw new Error("The sync is still running; the Sync history shows how it ends");
}

/** Starts one table's data sync and follows its run to the end (progress meanwhile); refused while another table syncs or without a database id. */
export async function runTableSync(table: NotionTable): Promise<void> {
  if ($syncingTable.get() !== null || !table.databaseId) return;
  $syncingTable.set(table.tableName);
  try {
    const { runId } = await syncTable(table.tableName, table.databaseId);
    const run = await followRun(runId);
    toast(
      tableSyncToast(
        run.ok === true
          ? { success: true, message: run.message ?? "" }
          : { success: false, message: run.error ?? run.message ?? "The sync did not finish" },
      ),
    );
  } catch (error) {
    if (!handleUnauthorized(error)) toast(syncErrorToast("Table Sync Failed", "Failed to sync table data", error));
  } finally {
    $syncingTable.set(null);
    $syncProgress.set(null);
  }
  await Promise.all([refreshTables(), refreshSyncStatus(), refreshSyncRuns()]);
}
