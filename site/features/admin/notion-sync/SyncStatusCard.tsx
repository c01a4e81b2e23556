import { useStore } from "@nanostores/react";
import LoadError from "../shared/LoadError";
import type { SyncRun } from "#contract/sync-runs";
import { formatTime } from "../shared/format-time";
import { $syncStatus } from "./sync-store";
import { rebuildProgress, rebuildsConfigured, runLabel, runOutcome } from "./sync-runs-text";

const OUTCOME_CLASS = {
  Never: "text-walnut",
  Running: "text-brass-700",
  Interrupted: "text-oxblood-700",
  Succeeded: "text-green-800",
  Failed: "text-oxblood-700",
  NotConfigured: "text-oxblood-700",
} as const;
const OUTCOME_TEXT: Partial<Record<keyof typeof OUTCOME_CLASS, string>> = { Never: "Never ran", NotConfigured: "Not configured" };

const NOT_CONFIGURED_TEXT =
  "Rebuilds are not configured: syncs update the API, but the public site is never rebuilt. Paste your Workers Builds deploy hook under Rebuilds below, then run a sync.";

type RunRowProps = {
  name: string;
  run: SyncRun | null | undefined;
  lockHeld?: boolean;
  notConfigured?: boolean;
  testId: string;
  unknownText: string;
};

/** `run` undefined: the status has not loaded (yet), so no outcome is claimed. */
function RunRow({ name, run, lockHeld, notConfigured, testId, unknownText }: RunRowProps) {
  const outcome = run === undefined ? undefined : notConfigured ? "NotConfigured" : runOutcome(run, lockHeld);
  return (
    <div className="rounded-md border border-cream-300 bg-white/70 p-3" data-testid={testId} data-outcome={outcome}>
      <dt className="text-xs font-semibold tracking-wide text-walnut uppercase">{name}</dt>
      <dd className="mt-1 grid gap-0.5 text-sm">
        {outcome === undefined ? (
          <span className="font-bold text-walnut">{unknownText}</span>
        ) : (
          <span className={`font-bold ${OUTCOME_CLASS[outcome]}`}>{OUTCOME_TEXT[outcome] ?? outcome}</span>
        )}
        {outcome === "NotConfigured" && <span data-testid="rebuild-not-configured">{NOT_CONFIGURED_TEXT}</span>}
        {run && (
          <>
            <span>{runLabel(run)}</span>
            <span>
              Started {formatTime(run.startedAt)}
              {run.finishedAt ? `, finished ${formatTime(run.finishedAt)}` : ""}
            </span>
            {run.message && <span className="text-walnut">{run.message}</span>}
          </>
        )}
      </dd>
    </div>
  );
}

/** When the last sync and the last rebuild ran, whether they succeeded, and when the live site was built. */
export default function SyncStatusCard() {
  const { status, build, error } = useStore($syncStatus);
  const unknownText = error ? "Unknown" : "Loading…";
  const progress = rebuildProgress(status?.lastRebuild ?? null, build?.builtAt);
  return (
    <section className="card grid grid-cols-1 gap-3 p-5" aria-labelledby="sync-status-heading">
      <h2 id="sync-status-heading" className="text-xl font-bold text-oxblood-800">
        Sync and rebuild status
      </h2>
      <dl className="grid grid-cols-1 gap-3 md:grid-cols-3" aria-live="polite">
        <RunRow name="Last sync" run={status?.lastSync} lockHeld={status?.syncing} testId="last-sync" unknownText={unknownText} />
        <RunRow
          name="Last rebuild request"
          run={status?.lastRebuild}
          notConfigured={!rebuildsConfigured(status)}
          testId="last-rebuild"
          unknownText={unknownText}
        />
        <div className="rounded-md border border-cream-300 bg-white/70 p-3" data-testid="site-built-at">
          <dt className="text-xs font-semibold tracking-wide text-walnut uppercase">Site built</dt>
          <dd className="mt-1 grid gap-0.5 text-sm">
            <span className="font-bold">{build ? formatTime(build.builtAt) : "Unknown"}</span>
            {progress === "pending" && (
              <span className="text-brass-700" data-testid="rebuild-pending">
                A newer build was requested and is on its way.
              </span>
            )}
            {progress === "overdue" && (
              <span className="font-semibold text-oxblood-700" data-testid="rebuild-overdue">
                The build requested more than 15 minutes ago has not gone live. Check your host's build log: the build may have failed or be
                stuck.
              </span>
            )}
          </dd>
        </div>
      </dl>
      <LoadError what="the sync status" error={error} />
    </section>
  );
}
