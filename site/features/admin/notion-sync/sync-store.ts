import { atom, computed } from "nanostores";
import type { NotionTable, SchemaSyncResult } from "#contract/admin-api";
import { RUNS_KEPT, type SyncHistoryRun, type SyncStatus } from "#contract/sync-runs";
import {
  confirmTableRemoval,
  readBuildInfo,
  readNotionTables,
  readSyncRuns,
  readSyncStatus,
  syncAllTables,
  syncSchemas,
  syncTable,
  type BuildInfo,
} from "../shared/admin-api";
import { errorText, failureToast } from "../shared/error-text";
import { fullSyncToast, runEndToast, schemaSyncToast, syncErrorToast, tableSyncToast } from "./sync-toasts";
import { handleUnauthorized } from "../shared/session-store";
import { $syncProgress, followRun, shouldFollow } from "./sync-follow";
import { toast } from "../../shell/toasts";

/** How often the Notion Sync tab re-reads sync-status and the build time. */
export const SYNC_STATUS_POLL_MS = 10_000;

/** The schema sync: running flag and the last result (listed per table). */
export const $schemaSync = atom<{ running: boolean; result: SchemaSyncResult | null }>({ running: false, result: null });
/** The synced tables list. */
export const $notionTables = atom<{ data: NotionTable[] | null; loading: boolean }>({ data: null, loading: false });
/** The table whose data sync this tab started and follows; only one at a time. */
export const $syncingTable = atom<string | null>(null);
/** Whether this tab started the full sync ('Sync All Tables') and follows it. */
export const $syncingAll = atom(false);
/** Last sync, last rebuild request, and the deployed site's build time. */
export const $syncStatus = atom<{ status: SyncStatus | null; build: BuildInfo | null; error: string | null }>({
  status: null,
  build: null,
  error: null,
});

/**
 * Whether a sync runs now, whoever started it (this tab, another, the cron, a webhook batch, the launcher): the buttons
 * that start one are disabled meanwhile, as only one may run at a time.
 */
export const $syncBusy = computed(
  [$syncingTable, $syncingAll, $schemaSync, $syncProgress, $syncStatus],
  (table, all, schema, progress, status) => table !== null || all || schema.running || progress !== null || status.status?.syncing === true,
);

/** Runs the Sync history card lists at first, and how many more each "Show older" adds. */
export const SYNC_HISTORY_PAGE = 20;

/**
 * The sync history, newest first (null until loaded): `shown`, how many runs the card lists; `older`, whether the
 * worker keeps older ones; `loadingOlder` while "Show older" reads them; and why it could not load.
 */
export const $syncRuns = atom<{
  runs: SyncHistoryRun[] | null;
  shown: number;
  older: boolean;
  loadingOlder: boolean;
  error: string | null;
}>({
  runs: null,
  shown: SYNC_HISTORY_PAGE,
  older: false,
  loadingOlder: false,
  error: null,
});

/** Loads the newest runs the card shows (one more, to tell whether older ones exist); a failure keeps the runs shown and says why. */
export async function refreshSyncRuns(): Promise<void> {
  const { shown } = $syncRuns.get();
  try {
    const { runs } = await readSyncRuns(Math.min(shown + 1, RUNS_KEPT));
    $syncRuns.set({ ...$syncRuns.get(), runs: runs.slice(0, shown), older: runs.length > shown, error: null });
  } catch (error) {
    if (!handleUnauthorized(error)) $syncRuns.set({ ...$syncRuns.get(), error: errorText(error) });
  }
}

/** "Show older": lists SYNC_HISTORY_PAGE more runs (as many as the worker keeps at most). */
export async function showOlderSyncRuns(): Promise<void> {
  const current = $syncRuns.get();
  if (current.loadingOlder || !current.older) return;
  $syncRuns.set({ ...current, shown: Math.min(current.shown + SYNC_HISTORY_PAGE, RUNS_KEPT), loadingOlder: true });
  try {
    await refreshSyncRuns();
  } finally {
    $syncRuns.set({ ...$syncRuns.get(), loadingOlder: false });
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

/**
 * Loads sync-status and /build-info.json (a missing build-info only leaves the build time empty); a sync that started
 * or ended since, such as the cron's, reloads the history, and a run holding the lock is followed to its end.
 */
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
  const running = status.status === "fulfilled" ? status.value.runningRunId : null;
  if (running != null && shouldFollow(running)) void watchRun(running);
}

/** Follows a run another client started (its progress shown meanwhile), then reloads what it changed. */
async function watchRun(runId: number): Promise<void> {
  try {
    await followRun(runId);
  } catch (error) {
    if (handleUnauthorized(error)) return;
  }
  // This tab's own start, if it was this run, reloads these as it toasts.
  if ($syncingTable.get() === null && !$syncingAll.get()) await refreshAfterRun();
}

/** What a finished sync run changes in the tab: the table counts, the status cards and the history. */
const refreshAfterRun = () => Promise.all([refreshTables(), refreshSyncStatus(), refreshSyncRuns()]);

/** Runs the schema sync (button disabled meanwhile) and lists its per-table result. */
export async function runSchemaSync(): Promise<void> {
  if ($syncBusy.get()) return;
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

/** Starts one table's data sync and follows its run to the end (progress meanwhile); refused while another sync runs or without a database id. */
export async function runTableSync(table: NotionTable): Promise<void> {
  if ($syncBusy.get() || !table.databaseId) return;
  $syncingTable.set(table.tableName);
  try {
    const answer = await syncTable(table.tableName, table.databaseId);
    toast(answer.success ? runEndToast(await followRun(answer.runId), tableSyncToast) : tableSyncToast(answer));
  } catch (error) {
    if (!handleUnauthorized(error)) toast(syncErrorToast("Table Sync Failed", "Failed to sync table data", error));
  } finally {
    $syncingTable.set(null);
  }
  await refreshAfterRun();
}

/** Starts the full sync of every table ('Sync All Tables') and follows its run to the end; refused while another sync runs. */
export async function runFullSync(): Promise<void> {
  if ($syncBusy.get()) return;
  $syncingAll.set(true);
  try {
    const answer = await syncAllTables();
    toast(answer.success ? runEndToast(await followRun(answer.runId), fullSyncToast) : fullSyncToast(answer));
  } catch (error) {
    if (!handleUnauthorized(error)) toast(syncErrorToast("Table Sync Failed", "Failed to sync table data", error));
  } finally {
    $syncingAll.set(false);
  }
  await refreshAfterRun();
}

/**
 * The operator lets a sync's held removal from `table` go ahead: the worker records it and syncs the table to carry it
 * out (followed to its end here), or, while another sync runs, says the next sync of the table will.
 */
export async function confirmRemoval(table: NotionTable): Promise<void> {
  try {
    const answer = await confirmTableRemoval(table.tableName);
    if (answer.success) {
      $syncingTable.set(table.tableName);
      toast(runEndToast(await followRun(answer.runId), tableSyncToast));
    } else toast({ title: "Removal Confirmed", description: answer.message, variant: "amber" });
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Failed to confirm the removal", error));
  } finally {
    $syncingTable.set(null);
  }
  await refreshAfterRun();
}

/** Sync Data is off for a table without a database id, and for every table while any sync runs (`busy`, whoever started it). */
export function isTableSyncDisabled(table: NotionTable, busy: boolean): boolean {
  return !table.databaseId || busy;
}
