import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_TOKEN_FILE, buildTokenFor } from "./build-token.ts";

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), "build-token-"));
  folders.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("buildTokenFor", () => {
  it("makes a random 256-bit token per state folder, kept there for its owner only, and gives the same one again", () => {
    const [a, b] = [folder(), folder()];
    const token = buildTokenFor(a);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(buildTokenFor(a)).toBe(token);
    expect(buildTokenFor(b)).not.toBe(token);
    expect(readFileSync(join(a, BUILD_TOKEN_FILE), "utf8")).toBe(`${token}\n`);
    expect(statSync(join(a, BUILD_TOKEN_FILE)).mode & 0o777).toBe(0o600);
  });

  it("replaces a kept token that is not one of its own (empty, cut short)", () => {
    const dir = folder();
    for (const kept of ["", "short", "x".repeat(42)]) {
      writeFileSync(join(dir, BUILD_TOKEN_FILE), kept);
      const token = buildTokenFor(dir);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(buildTokenFor(dir)).toBe(token);
    }
  });

  it("creates the state folder when it does not exist yet", () => {
    const dir = join(folder(), "state", "nested");
    expect(buildTokenFor(dir)).toBe(buildTokenFor(dir));
  });
});
