import { useStore } from "@nanostores/react";
import LoadError from "../shared/LoadError";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { formatTime } from "../shared/format-time";
import { $syncRuns, $syncStatus, refreshSyncRuns, showOlderSyncRuns } from "./sync-store";
import Icon from "../../../lib/ui/Icon";
import { pagesText, runOutcome, scopeText, triggerText, unlistedBlocks, unlistedFiles } from "./sync-runs-text";

const OUTCOME_CLASS = {
  Never: "text-walnut",
  Running: "text-brass-700",
  Interrupted: "text-oxblood-700",
  Succeeded: "text-green-800",
  Failed: "text-oxblood-700",
} as const;

type FieldProps = { term: string; children: React.ReactNode; testId: string; wide?: boolean };

/** One labelled value; `wide` takes the whole row on narrow screens. */
function Field({ term, children, testId, wide }: FieldProps) {
  return (
    <div className={`min-w-0${wide ? " col-span-2 lg:col-span-1" : ""}`}>
      <dt className="text-xs font-semibold tracking-wide text-walnut uppercase">{term}</dt>
      <dd className="break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

type UnsupportedProps = { run: SyncHistoryRun };

/** The blocks the Markdown could not show: a count, opening to each type and page. */
function Unsupported({ run }: UnsupportedProps) {
  if (run.unsupportedTotal === 0) return <>None</>;
  const unlisted = unlistedBlocks(run);
  return (
    <details>
      <summary className="cursor-pointer">
        {run.unsupportedTotal === 1 ? "1 block not shown" : `${run.unsupportedTotal} blocks not shown`}
      </summary>
      <ul className="mt-1 grid gap-0.5 pl-4" data-testid="unsupported-list">
        {run.unsupportedBlocks.map((b) => (
          <li key={`${b.pageId}:${b.type}`} className="list-disc">
            <code>{b.type}</code> × {b.count} in {b.pageTitle ? `“${b.pageTitle}”` : "a page"}{" "}
            <span className="text-xs break-all text-walnut">({b.pageId})</span>
          </li>
        ))}
        {unlisted > 0 && <li className="list-disc">and {unlisted} more not listed</li>}
      </ul>
    </details>
  );
}

type SkippedProps = { run: SyncHistoryRun };

/** The files the sync could not copy (their items show the category's default image): a count, opening to each file and why. */
function Skipped({ run }: SkippedProps) {
  if (run.skippedTotal === 0) return <>None</>;
  const unlisted = unlistedFiles(run);
  return (
    <details>
      <summary className="cursor-pointer">{run.skippedTotal === 1 ? "1 file not copied" : `${run.skippedTotal} files not copied`}</summary>
      <ul className="mt-1 grid gap-0.5 pl-4" data-testid="skipped-list">
        {run.skippedFiles.map((f, i) => (
          <li key={`${f.pageId}:${f.property}:${f.file}:${i}`} className="list-disc break-all">
            <code>{f.file}</code> in {f.property || "a property"} of {f.pageTitle ? `“${f.pageTitle}”` : "a page"}{" "}
            <span className="text-xs text-walnut">({f.pageId}):</span> {f.reason}
          </li>
        ))}
        {unlisted > 0 && <li className="list-disc">and {unlisted} more not listed</li>}
      </ul>
    </details>
  );
}

type RunItemProps = { run: SyncHistoryRun; lockHeld: boolean | undefined; current: boolean };

function RunItem({ run, lockHeld, current }: RunItemProps) {
  // Only a run of the sync in progress can still be running; an older unfinished one was cut short.
  const outcome = runOutcome(run, current ? lockHeld : false);
  return (
    <li
      className="rounded-md border border-cream-300 bg-white/70 p-3"
      data-testid="sync-run"
      data-outcome={outcome}
      data-kind={run.kind}
      data-trigger={run.trigger}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold">{scopeText(run)}</span>
        <time dateTime={run.startedAt} data-testid="run-when">
          {formatTime(run.startedAt)}
        </time>
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm lg:grid-cols-3">
        <Field term="Started by" testId="run-trigger">
          {triggerText(run.trigger)}
        </Field>
        <Field term="Outcome" testId="run-outcome">
          <span className={`font-bold ${OUTCOME_CLASS[outcome]}`}>{outcome}</span>
        </Field>
        <Field term="Pages" testId="run-pages">
          {pagesText(run)}
        </Field>
        <Field term="Files copied" testId="run-files">
          {run.filesCopied ?? "—"}
        </Field>
        <Field term="Blocks not shown" testId="run-unsupported" wide>
          <Unsupported run={run} />
        </Field>
        <Field term="Files not copied" testId="run-skipped" wide>
          <Skipped run={run} />
        </Field>
      </dl>
      {run.ok === false && run.error && (
        <p className="mt-2 text-sm break-words whitespace-pre-line text-oxblood-700" data-testid="run-error">
          Error: {run.error}
        </p>
      )}
    </li>
  );
}

/**
 * The recent syncs (admin panel, cron, webhook, launcher), newest first, 20 at a time ("Show older" adds 20): when,
 * what each covered, what it changed and what it could not show or copy.
 */
export default function SyncHistoryCard() {
  const { runs, error, older, loadingOlder } = useStore($syncRuns);
  const status = useStore($syncStatus).status;
  const lockHeld = status?.syncing;
  const runningId = status?.runningRunId ?? null;
  // The run holding the lock and those it started since (a full sync's tables); without its id, the newest run only.
  const current = (run: SyncHistoryRun, i: number) => (runningId !== null ? run.id >= runningId : i === 0);
  return (
    <section className="card grid grid-cols-1 gap-3 p-5" aria-labelledby="sync-history-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sync-history-heading" className="text-xl font-bold text-oxblood-800">
          Sync history
        </h2>
        <button type="button" className="btn-outline" onClick={() => void refreshSyncRuns()} aria-label="Refresh sync history">
          <Icon type="refresh" className="size-4" /> Refresh
        </button>
      </div>
      {runs === null ? (
        <p className="text-sm text-walnut">{error ? "The sync history could not be loaded." : "Loading sync history…"}</p>
      ) : runs.length === 0 ? (
        <p className="text-sm text-walnut">No syncs recorded yet.</p>
      ) : (
        <ol className="grid gap-2" aria-labelledby="sync-history-heading" data-testid="sync-history">
          {runs.map((run, i) => (
            <RunItem key={run.id} run={run} lockHeld={lockHeld} current={current(run, i)} />
          ))}
        </ol>
      )}
      {runs !== null && older && (
        <button
          type="button"
          className="btn-outline justify-self-center"
          onClick={() => void showOlderSyncRuns()}
          disabled={loadingOlder}
          data-testid="sync-history-older"
        >
          {loadingOlder ? "Loading older syncs…" : "Show older"}
        </button>
      )}
      <LoadError what="the sync history" error={error} />
    </section>
  );
}
