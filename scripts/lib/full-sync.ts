import { SyncAllSummarySchema, SyncStartedSchema, type SyncAllSummary } from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import type { AdminClient } from "./admin-client.ts";
import { followRun } from "./sync-run.ts";

/** One line per table of a full sync's result: rows and time, or why the table kept its previous rows. */
export function tableLines(summary: SyncAllSummary): string[] {
  return summary.tables.map((t) =>
    t.ok
      ? `sync:   ${t.databaseTitle.padEnd(18)} ${String(t.rows ?? 0).padStart(5)} rows  ${(t.seconds ?? 0).toFixed(1)} s`
      : `sync:   ${t.databaseTitle.padEnd(18)} kept its previous rows: ${t.message}`,
  );
}

/**
 * Starts the worker's own full sync (the nightly cron's: POST /api/admin/notion-sync-all, recorded as the launcher's, a
 * SYNC workflow run), follows it to its end and prints its result per table; the worker's log shows the progress
 * meanwhile. Tables keep serving their rows throughout.
 */
export async function fullSync(
  admin: AdminClient,
  log: (line: string) => void = console.log,
  pollMs = 500,
  trigger: "launcher" | "manual" = "launcher",
): Promise<{ seconds: number; rows: number; requests: number; success: boolean }> {
  const started = performance.now();
  log("sync: full sync of every Notion database (each table keeps answering with its previous rows until its new copy is in)");
  const { runId } = SyncStartedSchema.parse(
    await admin.call(`${ADMIN_PATHS.syncAll}?trigger=${trigger}`, { method: "POST", untimed: true }),
  );
  const run = await followRun(admin, runId, { pollMs });
  const seconds = (performance.now() - started) / 1000;
  const parsed = SyncAllSummarySchema.safeParse(run.result);
  if (!parsed.success) {
    log(`sync: the full sync failed after ${seconds.toFixed(1)} s: ${run.error ?? run.message ?? "no reason recorded"}`);
    return { seconds, rows: 0, requests: 0, success: false };
  }
  const summary = parsed.data;
  for (const line of tableLines(summary)) log(line);
  const rows = summary.tables.reduce((n, t) => n + (t.rows ?? 0), 0);
  log(
    `sync: ${summary.message} in ${seconds.toFixed(1)} s (${summary.requests} Notion requests, at most ${run.maxStepSubrequests ?? 0} subrequests in one step)`,
  );
  if (!summary.success) log("sync: fix what the lines above name in Notion, then press Sync Data for those tables in /admin (or restart)");
  return { seconds, rows, requests: summary.requests, success: summary.success };
}
