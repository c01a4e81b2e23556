import { useStore } from "@nanostores/react";
import { syncProgressText } from "./sync-progress-text";
import { $syncProgress, $syncingTable } from "./admin-sync";

/** The running table sync's progress (pages read, rows written, files copied), read while its run goes on. */
export default function SyncProgress() {
  const table = useStore($syncingTable);
  const run = useStore($syncProgress);
  if (table === null) return null;
  return (
    <p role="status" className="text-sm text-walnut" data-testid="sync-progress">
      {syncProgressText(table, run)}
    </p>
  );
}
