import { useStore } from "@nanostores/react";
import { $schemaSync, $syncBusy, runSchemaSync } from "./sync-store";
import Icon from "../../../lib/ui/Icon";
import type { ReactElement } from "react";
// Bundled with the panel, not loaded on demand: every sync ends in a deploy, and a deploy removes the chunks an open
// panel would still have to fetch.
import ConfirmDialog from "../shared/ConfirmDialog";

/** The schema sync button (confirmed first, disabled while it or any other sync runs) and its result per table. */
export default function SchemaSyncCard() {
  const { running, result } = useStore($schemaSync);
  const busy = useStore($syncBusy);
  const button = (
    <button type="button" className="btn-primary" disabled={busy}>
      <Icon type="database" className="size-4" /> {running ? "Syncing schemas…" : "Sync Notion Schemas"}
    </button>
  );
  return (
    <section className="card grid grid-cols-1 gap-3 p-5" aria-labelledby="schema-sync-heading">
      <h2 id="schema-sync-heading" className="text-xl font-bold text-oxblood-800">
        Schema sync
      </h2>
      <p className="text-sm text-walnut">
        Drops every <code>notion_*</code> table and recreates it, empty, from the Notion databases’ properties. Sync each table’s data
        afterwards.
      </p>
      <div>
        <SchemaSyncConfirm onConfirm={() => void runSchemaSync()}>{button}</SchemaSyncConfirm>
      </div>
      {result && (
        <div data-testid="schema-sync-result" aria-live="polite">
          <p className="mb-2 text-sm font-semibold">{result.message}</p>
          <ul className="grid grid-cols-1 gap-1 text-sm">
            {result.tables.map((t) => (
              <li key={t.tableName} className="flex flex-wrap gap-2" data-testid="schema-sync-table" data-status={t.status}>
                <code>{t.tableName}</code>
                <span className={t.status === "created" ? "font-semibold text-green-800" : "font-semibold text-oxblood-700"}>
                  {t.status === "created" ? "created" : "error"}
                </span>
                {t.error && <span className="text-oxblood-700">{t.error}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Props of the confirmation: the button that opens it, and what confirming does. */
type ConfirmProps = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the schema sync button): says every notion_* table is dropped and the site shows no items until each is synced. */
function SchemaSyncConfirm({ children, onConfirm }: ConfirmProps) {
  const body = (
    <>
      <p>
        Every <code>notion_*</code> table is dropped and recreated empty from the Notion databases’ properties, and the site is rebuilt.
      </p>
      <p className="font-semibold text-oxblood-700">The public site shows no items until each table’s Sync Data has run.</p>
      <p>Afterwards, press Sync Data on each table in the list below to bring its items back.</p>
    </>
  );
  return (
    <ConfirmDialog
      title="Drop and recreate every Notion table?"
      body={body}
      action="Drop and recreate tables"
      destructive
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
