import { describe, expect, it } from "vitest";
import { isD1Unavailable } from "./errors";

describe("isD1Unavailable", () => {
  it.each([
    "D1_ERROR: D1 is unavailable",
    "Network connection lost.",
    "D1 DB storage operation exceeded timeout which caused object to be reset.",
    "D1 DB is overloaded. Requests queued for too long.",
    "Cannot resolve D1 DB due to transient issue on remote node.",
  ])("counts %j as D1 being unavailable", (message) => {
    expect(isD1Unavailable(new Error(message))).toBe(true);
  });

  it("looks through an error's cause", () => {
    expect(isD1Unavailable(new Error("reading failed", { cause: new Error("Network connection lost.") }))).toBe(true);
  });

  it.each([
    "D1_ERROR: no such table: sync_tables: SQLITE_ERROR",
    "D1_ERROR: UNIQUE constraint failed: media_files.key: SQLITE_CONSTRAINT",
    "Cannot read properties of undefined",
  ])("does not count %j (a query D1 refused, or a bug)", (message) => {
    expect(isD1Unavailable(new Error(message))).toBe(false);
  });
});
