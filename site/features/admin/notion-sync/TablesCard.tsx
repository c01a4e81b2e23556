import { useStore } from "@nanostores/react";
import { Fragment, type ReactElement } from "react";
import {
  $notionTables,
  $syncBusy,
  $syncingAll,
  $syncingTable,
  confirmRemoval,
  isTableSyncDisabled,
  refreshTables,
  runFullSync,
  runTableSync,
} from "./sync-store";
import Icon from "../../../lib/ui/Icon";
// Bundled with the panel, not loaded on demand: a sync ends in a deploy, which removes the chunks an open panel would fetch.
import ConfirmDialog from "../shared/ConfirmDialog";
import RemovalHoldNotice from "./RemovalHoldNotice";

/**
 * The synced tables with their records (on the site), drafts and held pages, Sync Data per table and Sync All Tables:
 * one sync at a time (whoever started it), and never without a database id. A table whose sync held back a removal
 * says so under its row, with the confirmation that lets it go ahead.
 */
export default function TablesCard() {
  const { data, loading } = useStore($notionTables);
  const syncingTable = useStore($syncingTable);
  const syncingAll = useStore($syncingAll);
  const busy = useStore($syncBusy);
  return (
    <section className="card grid grid-cols-1 gap-3 p-5" aria-labelledby="tables-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tables-heading" className="text-xl font-bold text-oxblood-800">
          Tables
        </h2>
        <div className="flex flex-wrap gap-2">
          <SyncAllConfirm onConfirm={() => void runFullSync()}>
            <button type="button" className="btn-primary" disabled={busy}>
              <Icon type="database" className="size-4" /> {syncingAll ? "Syncing all tables…" : "Sync All Tables"}
            </button>
          </SyncAllConfirm>
          <button type="button" className="btn-outline" onClick={() => void refreshTables()} disabled={busy || loading}>
            <Icon type="refresh" className="size-4" /> Refresh
          </button>
        </div>
      </div>
      {data === null ? (
        <p className="text-sm text-walnut">{loading ? "Loading tables…" : "No table list loaded."}</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-walnut">No tables yet. Run the schema sync first.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="notion-tables">
            <thead>
              <tr className="border-b border-cream-300">
                <th scope="col" className="py-2 pr-3">
                  Table and Notion database
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Records
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Drafts
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((table) => (
                <Fragment key={table.tableName}>
                  <tr className="border-b border-cream-200" data-testid="notion-table-row" data-table={table.tableName}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <span className="block font-semibold" data-testid="database-title">
                        {table.databaseTitle}
                      </span>
                      <code className="block text-xs break-all" data-testid="table-name">
                        {table.tableName}
                      </code>
                      <span className="block text-xs break-all text-walnut" data-testid="database-id">
                        {table.databaseId ?? "No database id: not found in Notion"}
                      </span>
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums" data-testid="record-count">
                      {table.recordCount}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">
                      <span data-testid="draft-count">{table.drafts}</span>
                      {table.held > 0 && (
                        <span className="block text-xs whitespace-nowrap text-walnut" data-testid="held-count">
                          {table.held} held
                        </span>
                      )}
                    </td>
                    <td className="py-2 text-right">
                      <button
                        type="button"
                        className="btn-brass whitespace-nowrap"
                        aria-label={`Sync Data for ${table.databaseTitle}`}
                        onClick={() => void runTableSync(table)}
                        disabled={isTableSyncDisabled(table, busy)}
                      >
                        {syncingTable === table.tableName ? "Syncing…" : "Sync Data"}
                      </button>
                    </td>
                  </tr>
                  {table.removalHold && (
                    <tr className="border-b border-cream-200">
                      <td colSpan={4} className="py-2">
                        <RemovalHoldNotice table={table} hold={table.removalHold} onConfirm={() => void confirmRemoval(table)} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Props of the confirmation: the button that opens it, and what confirming does. */
type ConfirmProps = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the Sync All Tables button): says what the full sync does, that the site keeps its rows meanwhile, and how long it takes. */
function SyncAllConfirm({ children, onConfirm }: ConfirmProps) {
  const body = (
    <>
      <p>Every table is brought up to date from its Notion database, two at a time, as the nightly sync does.</p>
      <p>The site keeps showing each table’s current rows until its new copy is in, and is rebuilt once every table has synced.</p>
      <p>It takes a few minutes for a large catalogue; its progress shows at the top of this tab, and no other sync can start meanwhile.</p>
    </>
  );
  return (
    <ConfirmDialog title="Sync every table from Notion?" body={body} action="Sync All Tables" onConfirm={onConfirm}>
      {children}
    </ConfirmDialog>
  );
}
