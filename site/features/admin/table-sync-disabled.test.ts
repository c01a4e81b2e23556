import { describe, expect, it } from "vitest";
import { isTableSyncDisabled } from "./table-sync-disabled";

const table = (databaseId: string | null) => ({
  tableName: "notion_slot_machines",
  recordCount: 3,
  databaseTitle: "Slot Machines",
  databaseId,
});

describe("table sync buttons", () => {
  it("are disabled without a database id and for every table while any sync runs", () => {
    expect(isTableSyncDisabled(table("db-1"), false)).toBe(false);
    expect(isTableSyncDisabled(table(null), false)).toBe(true);
    expect(isTableSyncDisabled(table("db-1"), true)).toBe(true);
  });
});
