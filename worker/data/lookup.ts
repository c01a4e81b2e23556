import { quoteIdent } from "../tables/naming";
import { columnFor, withColumns } from "../tables/columns";
import { type Fields, fieldsOf } from "./values";

/**
 * The one row of `databaseTitle` whose `keyProperty` equals `value` (case-insensitively, an exact-case match first),
 * mapped by `toDomain`; null when no row matches or the table has no such column.
 */
export function readOne<T>(
  db: D1Database,
  databaseTitle: string,
  keyProperty: string,
  value: string,
  toDomain: (fields: Fields) => T,
): Promise<T | null> {
  return withColumns(db, databaseTitle, async (columns) => {
    const column = columnFor(columns, keyProperty);
    if (column === undefined) return null;
    const key = quoteIdent(column);
    const row = await db
      .prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE ${key} = ?1 COLLATE NOCASE ORDER BY ${key} = ?1 DESC, id LIMIT 1`)
      .bind(value)
      .first<Record<string, unknown>>();
    return row ? toDomain(fieldsOf(row, columns)) : null;
  });
}
