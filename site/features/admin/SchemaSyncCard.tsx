import { useStore } from "@nanostores/react";
import { $schemaSync, $syncBusy, runSchemaSync } from "./admin-sync";
import Icon from "../../lib/ui/Icon";
// Bundled with the panel, not loaded on demand: every sync ends in a deploy, and a deploy removes the chunks an open
// panel would still have to fetch.
import SchemaSyncConfirm from "./SchemaSyncConfirm";

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
