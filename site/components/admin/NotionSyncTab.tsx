import { useEffect } from "react";
import { refreshSyncStatus, refreshTables, SYNC_STATUS_POLL_MS } from "../../stores/admin-sync";
import SchemaSyncCard from "./SchemaSyncCard";
import SyncStatusCard from "./SyncStatusCard";
import TablesCard from "./TablesCard";
import WebhookCard from "./WebhookCard";

/** Notion Sync: last sync/rebuild status (polled, so a finished rebuild shows up), the schema sync, and per-table data syncs. */
export default function NotionSyncTab() {
  useEffect(() => {
    void refreshTables();
    void refreshSyncStatus();
    const timer = setInterval(() => void refreshSyncStatus(), SYNC_STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="grid grid-cols-1 gap-4">
      <SyncStatusCard />
      <WebhookCard />
      <SchemaSyncCard />
      <TablesCard />
    </div>
  );
}
