import { useEffect } from "react";
import { refreshSyncRuns, refreshSyncStatus, refreshTables, SYNC_STATUS_POLL_MS } from "./sync-store";
import RebuildHookCard from "./RebuildHookCard";
import SchemaSyncCard from "./SchemaSyncCard";
import SyncHistoryCard from "./SyncHistoryCard";
import SyncProgress from "./SyncProgress";
import SyncStatusCard from "./SyncStatusCard";
import TablesCard from "./TablesCard";
import WebhookCard from "./WebhookCard";
import WorkspaceCheckCard from "./WorkspaceCheckCard";

/**
 * Notion Sync: the sync in progress (whoever started it: the polled status finds it), last sync/rebuild status (polled,
 * so a finished rebuild shows up), the deploy hook that rebuilds the site, the workspace check, webhooks, the schema sync, per-table and full data syncs and
 * the sync history.
 */
export default function NotionSyncTab() {
  useEffect(() => {
    void refreshTables();
    void refreshSyncStatus();
    void refreshSyncRuns();
    const timer = setInterval(() => void refreshSyncStatus(), SYNC_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="grid grid-cols-1 gap-4">
      <SyncProgress />
      <SyncStatusCard />
      <RebuildHookCard />
      <WorkspaceCheckCard />
      <WebhookCard />
      <SchemaSyncCard />
      <TablesCard />
      <SyncHistoryCard />
    </div>
  );
}
