import { quoteIdent } from "./naming";
import type { HeldLock } from "./lock";
import { createTableSql, type ColumnSpec, type ColumnValue } from "./schema";

/** D1 allows at most 100 bound parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;

/** Name of the side table a sync writes into before swapping it in. */
export function sideTableName(table: string): string {
  return `${table}${SIDE_SUFFIX}`;
}

/** Whether `table` is a side table (see sideTableName). */
export function isSideTable(table: string): boolean {
  return table.endsWith(SIDE_SUFFIX);
}

const SIDE_SUFFIX = "__incoming";

/** Recreates the (empty) side table with the registry's columns. */
export async function createSideTable(db: D1Database, table: string, columns: ColumnSpec[], hasBody: boolean): Promise<string> {
  const side = sideTableName(table);
  await db.batch([db.prepare(`DROP TABLE IF EXISTS ${quoteIdent(side)}`), db.prepare(createTableSql(side, columns, hasBody))]);
  return side;
}

/** Multi-row INSERTs for `rows`, each statement within D1's bound parameter limit. */
export function insertStatements(db: D1Database, table: string, columnNames: string[], rows: ColumnValue[][]): D1PreparedStatement[] {
  if (columnNames.length > MAX_BOUND_PARAMETERS) {
    throw new Error(`A row of ${table} has ${columnNames.length} values; D1 binds at most ${MAX_BOUND_PARAMETERS} per statement`);
  }
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columnNames.length));
  const head = `INSERT INTO ${quoteIdent(table)} (${columnNames.map(quoteIdent).join(", ")}) VALUES `;
  const tuple = `(${columnNames.map(() => "?").join(", ")})`;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    statements.push(db.prepare(head + chunk.map(() => tuple).join(", ")).bind(...chunk.flat()));
  }
  return statements;
}

/** The columns of `table` in declaration order (none when it does not exist). */
export async function columnNames(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare("SELECT name FROM pragma_table_info(?1)").bind(table).all<{ name: string }>();
  return results.map((r) => r.name);
}

/**
 * Statement copying rows of the live table `table` into its side table as they are (files, body and all), column by
 * column where both tables have the column (one new to the side table stays NULL): the rows of `ids`, or, with `ids`
 * null, every live row the side table lacks. `liveColumns` and `sideColumns` are the two tables' columns.
 */
export function keepLiveRows(
  db: D1Database,
  table: string,
  liveColumns: string[],
  sideColumns: string[],
  ids: string[] | null,
): D1PreparedStatement {
  const both = sideColumns.filter((c) => liveColumns.includes(c)).map(quoteIdent);
  const [live, side] = [quoteIdent(table), quoteIdent(sideTableName(table))];
  const which = ids ? "id IN (SELECT value FROM json_each(?1))" : `NOT EXISTS (SELECT 1 FROM ${side} s WHERE s.id = ${live}.id)`;
  const statement = db.prepare(`INSERT OR IGNORE INTO ${side} (${both.join(", ")}) SELECT ${both.join(", ")} FROM ${live} WHERE ${which}`);
  return ids ? statement.bind(JSON.stringify(ids)) : statement;
}

/** Replaces the live table with the side table in one batch (one transaction), plus any bookkeeping statements. */
export async function swapIn(
  db: D1Database,
  table: string,
  side: string,
  extra: D1PreparedStatement[] = [],
  lock?: HeldLock,
): Promise<void> {
  const statements = [
    db.prepare(`DROP TABLE IF EXISTS ${quoteIdent(table)}`),
    db.prepare(`ALTER TABLE ${quoteIdent(side)} RENAME TO ${quoteIdent(table)}`),
    ...extra,
  ];
  await (lock ? lock.fenced(statements) : db.batch(statements));
}

/** Drops a side table left by a failed sync (best effort: the failure being reported matters more). */
export async function dropSideTable(db: D1Database, side: string): Promise<void> {
  await db
    .prepare(`DROP TABLE IF EXISTS ${quoteIdent(side)}`)
    .run()
    .catch(() => undefined);
}
