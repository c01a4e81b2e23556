/** D1 bindings in trouble, for workerd tests that hand the worker a broken database. */

/** How the binding fails: every query at once, every query after a delay, or no answer ever. */
export type D1Trouble = { kind: "down" } | { kind: "fails-later"; ms: number } | { kind: "stalled" };

/** A D1 binding whose every query fails (or never answers) as `trouble` says; the SQL it is asked to run is pushed to `asked`. */
export function troubledD1(trouble: D1Trouble, asked: string[] = []): D1Database {
  const answer = (): Promise<never> => {
    const error = new Error("D1_ERROR: D1 is unavailable");
    if (trouble.kind === "down") return Promise.reject(error);
    if (trouble.kind === "stalled") return new Promise<never>(() => {});
    return new Promise<never>((_, reject) => setTimeout(() => reject(error), trouble.ms));
  };
  const statement = (sql: string): D1PreparedStatement => {
    const stmt = { bind: () => stmt, first: answer, all: answer, run: answer, raw: answer };
    asked.push(sql);
    return stmt as unknown as D1PreparedStatement;
  };
  return {
    prepare: statement,
    batch: answer,
    exec: (sql: string) => (asked.push(sql), answer()),
    withSession: () => ({ prepare: statement, batch: answer, getBookmark: () => null }),
    dump: answer,
  } as unknown as D1Database;
}

/**
 * A D1 binding running every query on `db` at once but holding its answer until `release` is called (a read that has
 * its data but has not finished yet); `asked` settles when the first query arrives.
 */
export function heldD1(db: D1Database): { db: D1Database; asked: Promise<void>; release: () => void } {
  let release!: () => void;
  let markAsked!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  const real = new WeakMap<object, D1PreparedStatement>();
  const held = async <T>(run: () => Promise<T>): Promise<T> => {
    markAsked();
    const answer = await run();
    await gate;
    return answer;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: (column?: string) => held(() => (column === undefined ? stmt.first() : stmt.first(column))),
      all: () => held(() => stmt.all()),
      run: () => held(() => stmt.run()),
      raw: () => held(() => stmt.raw()),
    };
    real.set(wrapper, stmt);
    return wrapper as unknown as D1PreparedStatement;
  };
  const binding = {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => held(() => db.batch(statements.map((s) => real.get(s) ?? s))),
    exec: (sql: string) => held(() => db.exec(sql)),
  };
  return { db: binding as unknown as D1Database, asked, release };
}
