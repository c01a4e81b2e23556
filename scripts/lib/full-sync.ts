import type { NotionTable, SchemaSyncResult } from "../../worker/domain/types.ts";
import type { AdminClient } from "./admin-client.ts";

/** Runs the schema sync and then every table sync through the admin API, printing progress per table. */
export async function fullSync(admin: AdminClient, log: (line: string) => void = console.log): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  const schema = await admin.call<SchemaSyncResult>("/api/admin/notion-sync-schemas", { method: "POST" });
  log(`sync: schema: ${schema.message}`);
  for (const table of schema.tables.filter((t) => t.status !== "created")) log(`sync:   ${table.tableName}: ${table.error}`);
  const { tables } = await admin.call<{ tables: NotionTable[] }>("/api/admin/notion-tables");
  let rows = 0;
  for (const table of tables.filter((t) => t.databaseId)) {
    const t0 = performance.now();
    const result = await admin.call<{ success: boolean; message: string }>("/api/admin/notion-sync-table", {
      method: "POST",
      body: { tableName: table.tableName, databaseId: table.databaseId },
    });
    const { tables: after } = await admin.call<{ tables: NotionTable[] }>("/api/admin/notion-tables");
    const count = after.find((t) => t.tableName === table.tableName)?.recordCount ?? 0;
    rows += count;
    log(`sync:   ${table.databaseTitle.padEnd(18)} ${String(count).padStart(5)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s  ${result.success ? "" : result.message}`);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`sync: ${tables.length} tables, ${rows} rows in ${seconds.toFixed(1)} s`);
  return { seconds, rows };
}
