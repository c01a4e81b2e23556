import type { SchemaSyncResult } from "#contract/admin-api";
import { statusOf } from "../../lib/http";
import type { ToastInput } from "../shell/toasts";
import { failureToast } from "./error-text";

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

/** Status the worker answers when a sync ran and Notion failed it (the run is recorded as failed). */
export const SYNC_UPSTREAM_STATUS = 502;

/**
 * The toast for a sync request that threw: a Notion failure (502) is the sync itself failing, titled
 * `failedTitle` ('Table Sync Failed', 'Schema Sync Failed'); anything else is a failed request (`requestTitle`).
 */
export function syncErrorToast(failedTitle: string, requestTitle: string, error: unknown): ToastInput {
  return failureToast(statusOf(error) === SYNC_UPSTREAM_STATUS ? failedTitle : requestTitle, error);
}
