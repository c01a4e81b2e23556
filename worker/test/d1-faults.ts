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
