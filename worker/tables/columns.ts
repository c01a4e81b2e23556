import { propKey, tableNameFor } from "./naming";
import { NotSyncedError } from "./not-synced";

/** A synced table's columns: its D1 name and the column for each property's match key. */
export type TableColumns = { table: string; byKey: ReadonlyMap<string, string> };

/** How long an isolate trusts the columns it read before asking D1 again. */
const COLUMNS_MEMO_MS = 5000;

// Resolved columns only: a pending D1 promise must never be shared, since a request awaiting another request's I/O
// fails in workerd ("Cannot perform I/O on behalf of a different request") or hangs when that request ends first.
const memo = new Map<string, { columns: TableColumns; at: number }>();

/** Forgets the memoised columns (of one table, or all): after a schema change or a cache purge. */
export function forgetColumns(table?: string): void {
  if (table) memo.delete(table);
  else memo.clear();
}

/** The table's columns: this isolate's copy if younger than COLUMNS_MEMO_MS, else read by this request itself. */
async function readColumns(db: D1Database, table: string, now: number): Promise<TableColumns | null> {
  const hit = memo.get(table);
  if (hit && now - hit.at < COLUMNS_MEMO_MS) return hit.columns;
  const { results } = await db.prepare("SELECT name FROM pragma_table_info(?1)").bind(table).all<{ name: string }>();
  // A missing table is not remembered: the first read after the sync must see it.
  if (results.length === 0) {
    memo.delete(table);
    return null;
  }
  const columns = columnsNamed(
    table,
    results.map((r) => r.name),
  );
  memo.set(table, { columns, at: now });
  return columns;
}

/** The columns of `table` from its column names in declaration order (the first of names sharing a match key wins). */
export function columnsNamed(table: string, names: readonly string[]): TableColumns {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(propKey(name))) byKey.set(propKey(name), name);
  return { table, byKey };
}

/** The column holding `property` (matched by propKey), or undefined when the table has none. */
export function columnFor(columns: TableColumns, property: string): string | undefined {
  return columns.byKey.get(propKey(property));
}

/**
 * Runs `query` with the columns of the table for `databaseTitle`. Throws NotSyncedError when the table does not
 * exist; a query failing on a missing table or column (schema changed within the memo window) is retried once afresh.
 */
export async function withColumns<T>(db: D1Database, databaseTitle: string, query: (columns: TableColumns) => Promise<T>): Promise<T> {
  const table = tableNameFor(databaseTitle);
  for (let attempt = 0; ; attempt++) {
    const columns = await readColumns(db, table, Date.now());
    if (!columns) throw new NotSyncedError(databaseTitle);
    try {
      return await query(columns);
    } catch (err) {
      if (attempt > 0 || !/no such (table|column)/i.test(String(err))) throw err;
      forgetColumns(table);
    }
  }
}

/**
 * Runs `query` with the columns of each table of `databaseTitles`, in order (null for a table not synced yet);
 * retried once afresh when it fails on a missing table or column, as withColumns is.
 */
export async function withEachColumns<T>(
  db: D1Database,
  databaseTitles: readonly string[],
  query: (columns: (TableColumns | null)[]) => Promise<T>,
): Promise<T> {
  const tables = databaseTitles.map(tableNameFor);
  for (let attempt = 0; ; attempt++) {
    const columns = await Promise.all(tables.map((table) => readColumns(db, table, Date.now())));
    try {
      return await query(columns);
    } catch (err) {
      if (attempt > 0 || !/no such (table|column)/i.test(String(err))) throw err;
      for (const table of tables) forgetColumns(table);
    }
  }
}
