import type { SchemaSyncResult } from "#contract/admin-api";
import type { SyncRunProgress } from "#contract/sync-runs";
import { statusOf } from "../../../lib/http";
import type { ToastInput } from "../../shell/toasts";
import { failureToast } from "../shared/error-text";

/** The toast for a finished schema sync: success, completed with errors, or failed. */
export function schemaSyncToast(result: SchemaSyncResult): ToastInput {
  const failed = result.tables.filter((t) => t.status !== "created").length;
  if (!result.success && failed === result.tables.length)
    return { title: "Schema Sync Failed", description: result.message, variant: "destructive" };
  if (!result.success || failed > 0) return { title: "Schema Sync Completed with Errors", description: result.message, variant: "amber" };
  return { title: "Schema Sync Successful", description: result.message, variant: "default" };
}

/** The toast for a finished table sync. */
export function tableSyncToast(result: { success?: boolean; message: string }): ToastInput {
  return result.success === false
    ? { title: "Table Sync Failed", description: result.message, variant: "destructive" }
    : { title: "Table Sync Successful", description: result.message, variant: "default" };
}

/** The toast for a finished full sync ('Sync All Tables'): the table sync's titles, the description naming all tables. */
export function fullSyncToast(result: { success?: boolean; message: string }): ToastInput {
  return { ...tableSyncToast(result), description: `All tables: ${result.message}` };
}

/** A followed run's end as `toastFor` words it: its message when it succeeded; else its message and error (each once), or that it did not finish. */
export function runEndToast(run: SyncRunProgress, toastFor: (result: { success: boolean; message: string }) => ToastInput): ToastInput {
  if (run.ok === true) return toastFor({ success: true, message: run.message ?? "" });
  const said = [...new Set([run.message, run.error].filter((text): text is string => Boolean(text)))];
  return toastFor({ success: false, message: said.length ? said.join(" — ") : "The sync did not finish" });
}

/** Status the worker answers when a sync ran and Notion failed it (the run is recorded as failed). */
const SYNC_UPSTREAM_STATUS = 502;

/**
 * The toast for a sync request that threw: a Notion failure (502) is the sync itself failing, titled
 * `failedTitle` ('Table Sync Failed', 'Schema Sync Failed'); anything else is a failed request (`requestTitle`).
 */
export function syncErrorToast(failedTitle: string, requestTitle: string, error: unknown): ToastInput {
  return failureToast(statusOf(error) === SYNC_UPSTREAM_STATUS ? failedTitle : requestTitle, error);
}
