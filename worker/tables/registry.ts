import { z } from "zod";
import { normaliseNotionId } from "../lib/notion-id";
import type { ColumnSpec } from "./schema";

/** One `sync_tables` row: a `notion_*` table and where its data comes from. */
export type RegistryEntry = {
  tableName: string;
  databaseTitle: string;
  databaseId: string | null;
  dataSourceId: string | null;
  columns: ColumnSpec[];
  hasBody: boolean;
  schemaSyncedAt: string | null;
  dataSyncedAt: string | null;
};

type Row = {
  table_name: string;
  database_title: string;
  database_id: string | null;
  data_source_id: string | null;
  columns_json: string;
  has_body: number;
  schema_synced_at: string | null;
  data_synced_at: string | null;
};

const StoredColumns = z.array(z.object({ property: z.string(), column: z.string(), type: z.string() }));

/** A row's stored column list; one that is not a column list (hand-edited, truncated) asks for a schema sync. */
function storedColumns(row: Row): ColumnSpec[] {
  let raw: unknown;
  try {
    raw = JSON.parse(row.columns_json);
  } catch {
    raw = undefined;
  }
  const parsed = StoredColumns.safeParse(raw);
  if (!parsed.success) throw new Error(`The stored column list of ${row.table_name} is unreadable; run the schema sync again`);
  return parsed.data;
}

function toEntry(row: Row): RegistryEntry {
  return {
    tableName: row.table_name,
    databaseTitle: row.database_title,
    databaseId: row.database_id,
    dataSourceId: row.data_source_id,
    columns: storedColumns(row),
    hasBody: row.has_body === 1,
    schemaSyncedAt: row.schema_synced_at,
    dataSyncedAt: row.data_synced_at,
  };
}

/** The registry entry for a table, or null when the schema sync has not registered it. */
export async function readEntry(db: D1Database, tableName: string): Promise<RegistryEntry | null> {
  const row = await db.prepare("SELECT * FROM sync_tables WHERE table_name = ?").bind(tableName).first<Row>();
  return row ? toEntry(row) : null;
}

/** Every registry entry, by table name. */
export async function listEntries(db: D1Database): Promise<RegistryEntry[]> {
  const { results } = await db.prepare("SELECT * FROM sync_tables ORDER BY table_name").all<Row>();
  return results.map(toEntry);
}

const INTO =
  "INTO sync_tables (table_name, database_title, database_id, data_source_id, columns_json, has_body, schema_synced_at, data_synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

const values = (e: RegistryEntry) => [
  e.tableName,
  e.databaseTitle,
  e.databaseId,
  e.dataSourceId,
  JSON.stringify(e.columns),
  e.hasBody ? 1 : 0,
  e.schemaSyncedAt,
  e.dataSyncedAt,
];

/** Statements replacing the whole registry (test setup). */
export function replaceRegistry(db: D1Database, entries: RegistryEntry[]): D1PreparedStatement[] {
  const insert = db.prepare(`INSERT ${INTO}`);
  return [db.prepare("DELETE FROM sync_tables"), ...entries.map((e) => insert.bind(...values(e)))];
}

/** Statement writing one table's entry, replacing what was registered for it (run in the batch that swaps the table in). */
export function upsertEntry(db: D1Database, entry: RegistryEntry): D1PreparedStatement {
  return db.prepare(`INSERT OR REPLACE ${INTO}`).bind(...values(entry));
}

/** Statement registering a table only if nothing is registered for it yet: a table kept as it was keeps its entry. */
export function registerIfAbsent(db: D1Database, entry: RegistryEntry): D1PreparedStatement {
  return db.prepare(`INSERT OR IGNORE ${INTO}`).bind(...values(entry));
}

/** Statement dropping every entry but those of `tableNames`. */
export function deleteOtherEntries(db: D1Database, tableNames: string[]): D1PreparedStatement {
  return db.prepare("DELETE FROM sync_tables WHERE table_name NOT IN (SELECT value FROM json_each(?))").bind(JSON.stringify(tableNames));
}

/** The registry entry whose data source (or database) is `id`, comparing ids in one form. */
export function entryFor(entries: RegistryEntry[], id: string | undefined): RegistryEntry | undefined {
  const wanted = id ? normaliseNotionId(id) : null;
  if (!wanted) return undefined;
  return entries.find((e) => [e.dataSourceId, e.databaseId].some((x) => x && normaliseNotionId(x) === wanted));
}
