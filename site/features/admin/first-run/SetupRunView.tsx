import type { SetupRun } from "#contract/first-run";
import { formatTime } from "../shared/format-time";

/** A run under way: what it does now, a bar of databases and demo pages in Notion of how many, and that it carries on without the page. */
function Progress({ run }: { run: SetupRun }) {
  const total = run.databasesTotal + run.pagesTotal;
  const done = run.databasesDone + run.pagesDone;
  const counts = `${run.databasesDone} of ${run.databasesTotal} databases${run.demo ? `, ${run.pagesDone} of ${run.pagesTotal} demo pages` : ""}`;
  return (
    <div className="grid gap-2" data-testid="first-run-setup-progress">
      <p className="font-semibold" aria-live="polite">
        {run.phase}…
      </p>
      <div
        role="progressbar"
        aria-label="Creating the catalogue"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={counts}
        className="h-3 w-full overflow-hidden rounded-full border border-brass-600 bg-cream-200"
      >
        <div
          className="h-full bg-brass-500 transition-[width] duration-500"
          style={{ width: `${total ? Math.floor((done / total) * 100) : 0}%` }}
        />
      </div>
      <p className="tabular-nums" data-testid="first-run-setup-counts">
        {counts}
      </p>
      <p className="text-walnut">
        You can close this page: setup carries on in Cloudflare, and this card shows where it got to when you come back.
      </p>
    </div>
  );
}

/** A run that ended: its outcome in words, and what it did or found line by line (open when something is left to fix). */
function Outcome({ run }: { run: SetupRun }) {
  return (
    <div className="grid gap-2" data-testid="first-run-setup-outcome" data-ok={run.ok}>
      <p role={run.ok ? undefined : "alert"} className={run.ok ? "text-green-800" : "text-oxblood-700"}>
        {run.message}
      </p>
      {run.lines.length > 0 && (
        <details open={!run.ok}>
          <summary className="cursor-pointer">
            {run.kind === "check" ? "What the check found" : "What setup did"}, {formatTime(run.finishedAt)}
          </summary>
          <ul className="mt-2 grid gap-1" data-testid="first-run-setup-lines">
            {run.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The last run of the catalogue step: its progress while it runs, then its outcome. */
export default function SetupRunView({ run }: { run: SetupRun }) {
  return run.finishedAt === null ? <Progress run={run} /> : <Outcome run={run} />;
}
