import type { RunTrigger, SyncRunProgress } from "#contract/sync-runs";
import { scopeText } from "./sync-runs-text";

/** A run's progress as the tab shows it: the bar (`percent` null when no end is known) and its lines. */
export type ProgressFigures = {
  read: number;
  expected: number | null;
  percent: number | null;
  pagesText: string;
  countsText: string;
  elapsedText: string;
  /** The estimate of the time left, or null when no end is known to estimate towards. */
  leftText: string | null;
};

/** How long a run must have read before its rate says anything about the time left (its first steps only search and prepare). */
const ESTIMATE_AFTER_MS = 5000;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A duration for people: "42 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

const STARTED_BY: Record<RunTrigger, string> = {
  manual: "from the admin panel",
  cron: "by the nightly cron",
  webhook: "by a Notion webhook",
  launcher: "by the launcher (npm start)",
};

/** What a run syncs and who started it: "All tables, started by the nightly cron". */
export function runTitle(run: Pick<SyncRunProgress, "kind" | "target" | "trigger">): string {
  const scope = run.kind === "page" ? "Pages edited in Notion" : scopeText(run);
  return `${scope}, started ${STARTED_BY[run.trigger] ?? run.trigger}`;
}

/**
 * A running sync's progress: pages read of the pages expected (the tables' record counts as it started), rows written,
 * files copied, the time since it started (by the worker's clock when the reading says it) and an estimate of the time
 * left at its rate so far ("Estimating time left…" until ESTIMATE_AFTER_MS and a first page; "Finishing…" once the
 * expected pages are read). A run with nothing to expect (a first sync) has no end, so neither bar nor estimate.
 */
export function progressFigures(run: SyncRunProgress, now = Date.now()): ProgressFigures {
  const read = run.pagesRead ?? 0;
  const expected = run.pagesExpected !== null && run.pagesExpected > 0 ? run.pagesExpected : null;
  const at = run.readAt ? Date.parse(run.readAt) : now;
  const elapsed = Math.max(0, at - Date.parse(run.startedAt));
  const countsText = `${plural(run.rowsWritten ?? 0, "row", "rows")} written, ${plural(run.filesCopied ?? 0, "file", "files")} copied`;
  const figures = { read, expected, countsText, elapsedText: `Elapsed ${formatDuration(elapsed)}` };
  if (expected === null) return { ...figures, percent: null, pagesText: `${plural(read, "page", "pages")} read`, leftText: null };
  const percent = Math.min(100, Math.floor((read / expected) * 100));
  const pagesText = `${read.toLocaleString("en-US")} of ${plural(expected, "page", "pages")} read`;
  let leftText = "Estimating time left…";
  if (read >= expected) leftText = "Finishing…";
  else if (read > 0 && elapsed >= ESTIMATE_AFTER_MS) leftText = `About ${formatDuration(((expected - read) * elapsed) / read)} left`;
  return { ...figures, percent, pagesText, leftText };
}
