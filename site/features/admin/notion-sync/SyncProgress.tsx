import { useStore } from "@nanostores/react";
import { progressFigures, runTitle, type ProgressFigures } from "./sync-progress-text";
import { $syncingAll, $syncingTable } from "./sync-store";
import { $syncProgress } from "./sync-follow";

type BarProps = { figures: ProgressFigures | null };

/** The progress bar: pages read of those expected, or an indeterminate bar when no end is known (a first sync, the run's first reading). */
function Bar({ figures }: BarProps) {
  const known = figures !== null && figures.percent !== null && figures.expected !== null;
  return (
    <div
      role="progressbar"
      aria-labelledby="sync-progress-heading"
      aria-valuemin={0}
      aria-valuemax={known ? figures.expected! : undefined}
      aria-valuenow={known ? Math.min(figures.read, figures.expected!) : undefined}
      aria-valuetext={figures?.pagesText ?? "Starting"}
      className="h-3 w-full overflow-hidden rounded-full border border-brass-600 bg-cream-200"
      data-testid="sync-progress-bar"
    >
      {known ? (
        <div className="h-full bg-brass-500 transition-[width] duration-500" style={{ width: `${figures.percent}%` }} />
      ) : (
        <div className="h-full w-full animate-pulse bg-brass-300" />
      )}
    </div>
  );
}

/**
 * The sync run in progress, whoever started it (this tab, another, the nightly cron, a webhook batch, the launcher):
 * what it syncs, a bar of pages read of the pages expected, rows written, files copied, time elapsed and left. Shown
 * from the moment this tab starts a sync, or the polled status finds one, until it ends.
 */
export default function SyncProgress() {
  const run = useStore($syncProgress);
  const table = useStore($syncingTable);
  const all = useStore($syncingAll);
  if (!run && table === null && !all) return null;
  const figures = run ? progressFigures(run) : null;
  const title = run ? runTitle(run) : `${table ? `Table ${table}` : "All tables"}, started from the admin panel`;
  return (
    <section
      className="card grid grid-cols-1 gap-2 border-brass-500 p-5"
      aria-labelledby="sync-progress-heading"
      data-testid="sync-progress"
      data-run={run?.id}
    >
      <h2 id="sync-progress-heading" className="text-xl font-bold text-oxblood-800">
        Sync in progress
      </h2>
      <p className="text-sm font-semibold" data-testid="sync-progress-title">
        {title}
      </p>
      <Bar figures={figures} />
      {figures ? (
        <>
          <p className="text-sm tabular-nums" data-testid="sync-progress-counts">
            {figures.pagesText}, {figures.countsText}
          </p>
          <p className="text-sm text-walnut tabular-nums" data-testid="sync-progress-time">
            {figures.elapsedText}
            {figures.leftText && ` · ${figures.leftText}`}
          </p>
        </>
      ) : (
        <p className="text-sm text-walnut">Starting…</p>
      )}
    </section>
  );
}
