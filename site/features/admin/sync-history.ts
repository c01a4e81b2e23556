import type { RunTrigger, SyncHistoryRun } from "#contract/sync-runs";

const TRIGGER_TEXT: Record<RunTrigger, string> = {
  manual: "Admin panel",
  cron: "Nightly cron",
  webhook: "Notion webhook",
  launcher: "Launcher",
};

/** What started a run, in the operator's words. */
export function triggerText(trigger: RunTrigger): string {
  return TRIGGER_TEXT[trigger] ?? trigger;
}

/** What a run covered: every table, the schemas, one table or one page's table. */
export function scopeText(run: Pick<SyncHistoryRun, "kind" | "target">): string {
  if (run.kind === "full") return "All tables";
  if (run.kind === "schema") return "Schemas of all tables";
  const what = run.kind === "page" ? "Page in" : "Table";
  return run.target ? `${what} ${run.target}` : what;
}

/** Pages added, changed and removed, or an em dash when the run synced no data (a schema sync, a failure). */
export function pagesText(run: Pick<SyncHistoryRun, "pagesAdded" | "pagesChanged" | "pagesRemoved">): string {
  if (run.pagesAdded === null || run.pagesChanged === null || run.pagesRemoved === null) return "—";
  return `${run.pagesAdded} added, ${run.pagesChanged} changed, ${run.pagesRemoved} removed`;
}

/** Unsupported blocks counted but not listed (a run lists at most 200 entries). */
export function unlistedBlocks(run: Pick<SyncHistoryRun, "unsupportedBlocks" | "unsupportedTotal">): number {
  return run.unsupportedTotal - run.unsupportedBlocks.reduce((n, b) => n + b.count, 0);
}

/** Files not copied but not listed (a run lists at most 200). */
export function unlistedFiles(run: Pick<SyncHistoryRun, "skippedFiles" | "skippedTotal">): number {
  return run.skippedTotal - run.skippedFiles.length;
}
