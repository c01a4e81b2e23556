import { describe, expect, it } from "vitest";
import { secretMatches } from "./secret";

describe("secretMatches", () => {
  it("accepts only the exact secret", async () => {
    expect(await secretMatches("hunter2", "hunter2")).toBe(true);
    expect(await secretMatches("hunter2", "hunter3")).toBe(false);
    expect(await secretMatches("hunter2", "")).toBe(false);
    expect(await secretMatches("hunter2", "hunter2 ")).toBe(false);
    expect(await secretMatches("", "")).toBe(true);
  });
});
