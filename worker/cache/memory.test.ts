import { beforeEach, describe, expect, it } from "vitest";
import { MEMORY_MAX_ENTRIES, MEMORY_TTL_MS, memoryClear, memoryGet, memorySet } from "./memory";

beforeEach(() => memoryClear());

describe("isolate memory cache", () => {
  it("serves an entry until it is MEMORY_TTL_MS old", () => {
    memorySet("cache:content:a", '{"a":1}', 1000);
    expect(memoryGet("cache:content:a", 1000 + MEMORY_TTL_MS - 1)).toBe('{"a":1}');
    expect(memoryGet("cache:content:a", 1000 + MEMORY_TTL_MS)).toBeNull();
  });

  it("evicts the oldest entry when full", () => {
    for (let i = 0; i <= MEMORY_MAX_ENTRIES; i++) memorySet(`k${i}`, String(i), 0);
    expect(memoryGet("k0", 1)).toBeNull();
    expect(memoryGet("k1", 1)).toBe("1");
    expect(memoryGet(`k${MEMORY_MAX_ENTRIES}`, 1)).toBe(String(MEMORY_MAX_ENTRIES));
  });

  it("forgets everything on clear", () => {
    memorySet("k", "v", 0);
    memoryClear();
    expect(memoryGet("k", 1)).toBeNull();
  });
});
