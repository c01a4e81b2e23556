import { describe, expect, it } from "vitest";
import { insertStatements, MAX_BOUND_PARAMETERS } from "./row-writer";

/** Just enough of D1 to see the SQL and bound values insertStatements produces. */
function fakeDb() {
  return {
    prepare: (sql: string) => ({ bind: (...values: unknown[]) => ({ sql, values }) }),
  } as unknown as D1Database;
}

describe("insertStatements", () => {
  it("keeps every statement within D1's bound parameter limit", () => {
    const columns = Array.from({ length: 14 }, (_, i) => `c${i}`);
    const rows = Array.from({ length: 37 }, (_, r) => columns.map((_, c) => `${r}:${c}`));
    const statements = insertStatements(fakeDb(), "notion_t", columns, rows) as unknown as { sql: string; values: unknown[] }[];
    expect(statements).toHaveLength(Math.ceil(37 / Math.floor(MAX_BOUND_PARAMETERS / 14)));
    for (const s of statements) expect(s.values.length).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS);
    expect(statements.flatMap((s) => s.values)).toEqual(rows.flat());
  });

  it("refuses a row wider than D1's bound parameter limit instead of sending a statement D1 rejects", () => {
    const columns = Array.from({ length: MAX_BOUND_PARAMETERS + 1 }, (_, i) => `c${i}`);
    expect(() => insertStatements(fakeDb(), "notion_t", columns, [columns])).toThrow(
      "A row of notion_t has 101 values; D1 binds at most 100 per statement",
    );
  });

  it("quotes table and column names and binds every value", () => {
    const [s] = insertStatements(fakeDb(), 'notion_"x', ["id", 'we"ird'], [["a", "'); DROP TABLE x; --"]]) as unknown as {
      sql: string;
      values: unknown[];
    }[];
    expect(s!.sql).toBe('INSERT INTO "notion_""x" ("id", "we""ird") VALUES (?, ?)');
    expect(s!.values).toEqual(["a", "'); DROP TABLE x; --"]);
  });
});
