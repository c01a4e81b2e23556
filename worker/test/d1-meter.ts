/** A D1 binding that adds up what D1 reports it read (`meta.rows_read`), for workerd tests of what a request costs. */

/** The metered binding, the rows it has read since the last reset, and the statements it ran. */
export type MeteredD1 = { db: D1Database; rowsRead(): number; statements: string[]; reset(): void };

/**
 * Wraps `db`: every statement runs on it as asked, and its `meta.rows_read` is added up. `first` and `raw` give no meta,
 * so they run as `all` here and their answer is taken from its rows (the same rows: a test's queries name each column once).
 */
export function meteredD1(db: D1Database): MeteredD1 {
  let rows = 0;
  const statements: string[] = [];
  const count = <R extends D1Result<unknown>>(result: R): R => {
    rows += result.meta.rows_read;
    return result;
  };
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const all = async <T>() => count(await stmt.all<T>());
    const wrapper = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
      all,
      run: async <T>() => count(await stmt.run<T>()),
      first: async (column?: string) => {
        const row = (await all<Record<string, unknown>>()).results[0] ?? null;
        return column === undefined || row === null ? row : (row[column] ?? null);
      },
      raw: async () => (await all<Record<string, unknown>>()).results.map((row) => Object.values(row)),
    };
    real.set(wrapper, stmt);
    return wrapper as unknown as D1PreparedStatement;
  };
  const binding = {
    prepare: (sql: string) => {
      statements.push(sql);
      return wrap(db.prepare(sql), sql);
    },
    batch: async (list: D1PreparedStatement[]) => (await db.batch(list.map((s) => real.get(s) ?? s))).map(count),
    exec: (sql: string) => db.exec(sql),
  };
  return {
    db: binding as unknown as D1Database,
    rowsRead: () => rows,
    statements,
    reset: () => {
      rows = 0;
      statements.length = 0;
    },
  };
}
