import type { SyncAllSummary } from "../../worker/notion/sync-all.ts";
import type { AdminClient } from "./admin-client.ts";

/** One line per table of a full sync's result: rows and time, or why the table kept its previous rows. */
export function tableLines(summary: SyncAllSummary): string[] {
  return summary.tables.map((t) =>
    t.ok
      ? `sync:   ${t.databaseTitle.padEnd(18)} ${String(t.rows ?? 0).padStart(5)} rows  ${(t.seconds ?? 0).toFixed(1)} s`
      : `sync:   ${t.databaseTitle.padEnd(18)} kept its previous rows: ${t.message}`,
  );
}

/**
 * Runs the worker's own full sync (the nightly cron's: one admin call, POST /api/admin/notion-sync-all, recorded as the launcher's) and prints
 * its result per table; the worker's log shows the progress meanwhile. Tables keep serving their rows throughout.
 */
export async function fullSync(admin: AdminClient, log: (line: string) => void = console.log): Promise<{ seconds: number; rows: number; requests: number; success: boolean }> {
  const started = performance.now();
  log("sync: full sync of every Notion database (each table keeps answering with its previous rows until its new copy is in)");
  const summary = await admin.call<SyncAllSummary>("/api/admin/notion-sync-all?trigger=launcher", { method: "POST", untimed: true });
  for (const line of tableLines(summary)) log(line);
  const rows = summary.tables.reduce((n, t) => n + (t.rows ?? 0), 0);
  const seconds = (performance.now() - started) / 1000;
  log(`sync: ${summary.message} in ${seconds.toFixed(1)} s (${summary.requests} Notion requests)`);
  if (!summary.success) log("sync: fix what the lines above name in Notion, then press Sync Data for those tables in /admin (or restart)");
  return { seconds, rows, requests: summary.requests, success: summary.success };
}
