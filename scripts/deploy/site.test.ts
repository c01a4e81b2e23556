import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtFor, markBuilt } from "./site.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the build command's note for the deploy command", () => {
  it("says dist/ holds this commit's finished build only for that commit, and only with the build's files there", () => {
    dir = mkdtempSync(join(tmpdir(), "built-marker-"));
    const dist = join(dir, "dist");
    const marker = join(dir, "cache", "site-build.json");
    expect(builtFor("abc123", dist, marker)).toBe(false);
    markBuilt("abc123", marker);
    // The note alone is not a build: its build-info.json must be there too.
    expect(builtFor("abc123", dist, marker)).toBe(false);
    mkdirSync(dist);
    writeFileSync(join(dist, "build-info.json"), "{}");
    expect(builtFor("abc123", dist, marker)).toBe(true);
    expect(builtFor("def456", dist, marker)).toBe(false);
    expect(builtFor(undefined, dist, marker)).toBe(false);
  });
});
