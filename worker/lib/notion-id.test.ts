import { describe, expect, it } from "vitest";
import { normaliseNotionId } from "./notion-id";

describe("normaliseNotionId", () => {
  it("turns 32 hex digits into the lowercase dashed form", () => {
    expect(normaliseNotionId("0123456789ABCDEF0123456789abcdef")).toBe("01234567-89ab-cdef-0123-456789abcdef");
  });

  it("keeps a dashed id, lowercased", () => {
    expect(normaliseNotionId("01234567-89AB-CDEF-0123-456789ABCDEF")).toBe("01234567-89ab-cdef-0123-456789abcdef");
  });

  it.each([
    "",
    "123",
    "0123456789abcdef0123456789abcdeg",
    "0123456789abcdef0123456789abcdef0",
    "01234567-89abcdef-0123-456789abcdef",
    "0123-4567-89ab-cdef-0123-456789abcdef",
  ])("rejects %j", (raw) => expect(normaliseNotionId(raw)).toBeNull());
});
