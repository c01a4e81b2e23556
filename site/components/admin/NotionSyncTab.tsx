import { useEffect } from "react";
import { refreshSyncStatus, refreshTables } from "../../stores/admin-sync";
import SchemaSyncCard from "./SchemaSyncCard";
import SyncStatusCard from "./SyncStatusCard";
import TablesCard from "./TablesCard";

/** Notion Sync: last sync/rebuild status, the schema sync, and per-table data syncs. */
export default function NotionSyncTab() {
  useEffect(() => {
    void refreshTables();
    void refreshSyncStatus();
  }, []);
  return (
    <div className="grid gap-4">
      <SyncStatusCard />
      <SchemaSyncCard />
      <TablesCard />
    </div>
  );
}
