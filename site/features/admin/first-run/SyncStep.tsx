import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $syncBusy, $syncStatus, refreshSyncStatus, SYNC_STATUS_POLL_MS } from "../notion-sync/sync-store";
import { $syncProgress } from "../notion-sync/sync-follow";
import { progressFigures } from "../notion-sync/sync-progress-text";
import { startFirstSync } from "./first-run";

type Props = {
  /** Whether the catalogue is in Notion (step 2): until then a sync finds nothing to copy. */
  ready: boolean;
};

/**
 * Step 3: the first sync (the full sync the Notion Sync tab's Sync All Tables starts), its progress while it runs
 * (whoever started it), and the last sync's failure in the words it was recorded with.
 */
export default function SyncStep({ ready }: Props) {
  const busy = useStore($syncBusy);
  const progress = useStore($syncProgress);
  const { status } = useStore($syncStatus);
  useEffect(() => {
    void refreshSyncStatus();
    const timer = setInterval(() => void refreshSyncStatus(), SYNC_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const figures = progress ? progressFigures(progress) : null;
  const failed = !busy && status?.lastSync?.ok === false ? status.lastSync : null;
  return (
    <>
      <p>
        The sync copies the catalogue from Notion into the site: every item and page, and the pictures. After it the site is rebuilt (step
        4). With the demo it takes a few minutes; you can close this page meanwhile.
      </p>
      {!ready && <p className="font-semibold">The catalogue must be in Notion first (step 2).</p>}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn-primary" disabled={!ready || busy} onClick={() => void startFirstSync()}>
          {busy ? "Syncing…" : "Sync now"}
        </button>
        {figures && (
          <span role="status" className="tabular-nums" data-testid="first-run-sync-progress">
            {figures.pagesText}, {figures.countsText}
          </span>
        )}
      </div>
      {failed && (
        <p role="alert" className="text-oxblood-700" data-testid="first-run-sync-failure">
          The last sync did not finish: {failed.message}
        </p>
      )}
    </>
  );
}
