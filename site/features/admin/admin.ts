import type { CacheStats, NotionTable, SchemaSyncResult } from "#contract/admin-api";
import type { SyncHistoryRun, SyncRun, SyncStatus } from "#contract/sync-runs";
import { statusOf } from "../../lib/http";
import type { ToastInput } from "../shell/toasts";

/** Description of a failure that carries no message. */
export const UNKNOWN_ERROR = "An unknown error occurred";

/** The text shown for a failure: its message (`${status}: ${body}` for HTTP errors) or UNKNOWN_ERROR. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
}

/** A destructive notice for a failed admin action. */
export function failureToast(title: string, error: unknown): ToastInput {
  return { title, description: errorText(error), variant: "destructive" };
}

/** The `{ error }` text inside an HttpError's body, if the body is that JSON. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string" ? (parsed as { error: string }).error : null;
  } catch {
    return null;
  }
}

/** What the sign-in card says about a failed sign-in. */
export function signInErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 401:
      return "Incorrect password. Please try again.";
    case 429:
      return serverMessage(error) ?? "Too many sign-in attempts. Please wait a few minutes and try again.";
    case 503:
      return "Admin access is not configured on the server (set the ADMIN_PASSWORD secret).";
    default:
      return errorText(error);
  }
}

/** Hit rate as a percentage with one decimal, `0%` before any request. */
export function hitRate(stats: CacheStats["stats"] | undefined): string {
  const total = (stats?.hits ?? 0) + (stats?.misses ?? 0);
  return total === 0 ? "0%" : `${((stats!.hits / total) * 100).toFixed(1)}%`;
}

/** The toast for a finished schema sync: success, completed with errors, or failed. */
export function schemaSyncToast(result: SchemaSyncResult): ToastInput {
  const failed = result.tables.filter((t) => t.status !== "created").length;
  if (!result.success && failed === result.tables.length) return { title: "Schema Sync Failed", description: result.message, variant: "destructive" };
  if (!result.success || failed > 0) return { title: "Schema Sync Completed with Errors", description: result.message, variant: "amber" };
  return { title: "Schema Sync Successful", description: result.message, variant: "default" };
}

/** The toast for a finished table sync. */
export function tableSyncToast(result: { success?: boolean; message: string }): ToastInput {
  return result.success === false
    ? { title: "Table Sync Failed", description: result.message, variant: "destructive" }
    : { title: "Table Sync Successful", description: result.message, variant: "default" };
}

/** Status the worker answers when a sync ran and Notion failed it (the run is recorded as failed). */
export const SYNC_UPSTREAM_STATUS = 502;

/**
 * The toast for a sync request that threw: a Notion failure (502) is the sync itself failing, titled
 * `failedTitle` ('Table Sync Failed', 'Schema Sync Failed'); anything else is a failed request (`requestTitle`).
 */
export function syncErrorToast(failedTitle: string, requestTitle: string, error: unknown): ToastInput {
  return failureToast(statusOf(error) === SYNC_UPSTREAM_STATUS ? failedTitle : requestTitle, error);
}

/** A running table sync's progress line: "Syncing notion_posts: 100 pages read, 40 rows written, 12 files copied". */
export function syncProgressText(table: string, run: Pick<SyncHistoryRun, "pagesRead" | "rowsWritten" | "filesCopied"> | null): string {
  if (!run) return `Syncing ${table}: starting…`;
  return `Syncing ${table}: ${run.pagesRead ?? 0} pages read, ${run.rowsWritten ?? 0} rows written, ${run.filesCopied ?? 0} files copied`;
}

/** Sync Data is off for a table without a database id, and for every table while any table syncs. */
export function isTableSyncDisabled(table: NotionTable, syncingTable: string | null): boolean {
  return !table.databaseId || syncingTable !== null;
}

/** A run without an outcome this long after its start was cut off (worker restart, timeout). */
export const STALE_RUN_MS = 30 * 60_000;

/** Outcome label of a recorded run. */
export function runOutcome(run: SyncRun | null, lockHeld?: boolean, now = Date.now()): "Never" | "Running" | "Interrupted" | "Succeeded" | "Failed" {
  if (!run) return "Never";
  // An unfinished sync whose lock is free was cut short; without the lock's word, age decides.
  if (run.ok === null) return lockHeld === false || now - Date.parse(run.startedAt) > STALE_RUN_MS ? "Interrupted" : "Running";
  return run.ok ? "Succeeded" : "Failed";
}

/** What a run covered, e.g. `Table notion_slot_machines` or `Full sync`. */
export function runLabel(run: SyncRun): string {
  const kind = { schema: "Schema sync", table: "Table sync", full: "Full sync", rebuild: "Site rebuild", page: "Page sync" }[run.kind];
  return run.target ? `${kind} (${run.target})` : kind;
}

/** A timestamp in the reader's locale, or an em dash. */
export function formatTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "medium" });
}

/** Icon types a Page Headers row may name (spec section 3). */
export const PAGE_HEADER_ICON_TYPES = ["home", "shop", "gallery", "literature", "services", "news", "misc", "admin", "database", "info", "refresh", "trash"] as const;

/** A requested build not live this long after the request has most likely failed or stalled on the host. */
export const REBUILD_OVERDUE_MS = 15 * 60_000;

/**
 * Where the last accepted rebuild stands against the live build: `pending` (requested, not live yet),
 * `overdue` (still not live more than 15 minutes after the request), or null (live, not accepted, or unknown).
 */
export function rebuildProgress(lastRebuild: SyncRun | null, builtAt: string | null | undefined, now = Date.now()): "pending" | "overdue" | null {
  if (!lastRebuild?.ok || !builtAt) return null;
  const requestedAt = Date.parse(lastRebuild.startedAt);
  if (Date.parse(builtAt) >= requestedAt) return null;
  return now - requestedAt > REBUILD_OVERDUE_MS ? "overdue" : "pending";
}

/** Whether the worker can request rebuilds (it has DEPLOY_HOOK_URL); a status without the field, from an older worker, counts as yes. */
export function rebuildsConfigured(status: Pick<SyncStatus, "rebuildConfigured"> | null | undefined): boolean {
  return status?.rebuildConfigured !== false;
}
