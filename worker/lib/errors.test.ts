import { describe, expect, it } from "vitest";
import { errorMessage, isD1Unavailable } from "./errors";

describe("errorMessage", () => {
  it("gives an Error's message without its name", () => {
    expect(errorMessage(new TypeError("fetch failed"))).toBe("fetch failed");
  });

  it.each([
    ["a string", "socket hang up", "socket hang up"],
    ["a number", 42, "42"],
    ["undefined", undefined, "undefined"],
    ["an object", { code: 1 }, "[object Object]"],
  ])("gives %s thrown as itself in text", (_what, thrown, text) => {
    expect(errorMessage(thrown)).toBe(text);
  });
});

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
