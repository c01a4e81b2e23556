import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installed, installedLine, installKeepingCache, installSeconds } from "./hosted-install.ts";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A checkout as the host's build cache leaves it: node_modules holding only Astro's cache. */
function checkoutWithCache(): string {
  const root = mkdtempSync(join(tmpdir(), "hosted-install-"));
  roots.push(root);
  mkdirSync(join(root, "node_modules", ".astro", "dist"), { recursive: true });
  writeFileSync(join(root, "node_modules", ".astro", "incremental-build.json"), '{"version":1}');
  return root;
}

/** What npm ci does to node_modules: empties it, then installs. */
const npmCi = (root: string) => () => {
  rmSync(join(root, "node_modules"), { recursive: true, force: true });
  mkdirSync(join(root, "node_modules", "astro"), { recursive: true });
  writeFileSync(join(root, "node_modules", "astro", "package.json"), "{}");
};

describe("the hosted build's own install", () => {
  it("keeps Astro's cache from the build cache across npm ci, which empties node_modules", () => {
    const root = checkoutWithCache();
    expect(installed(root)).toBe(false);
    installKeepingCache(root, npmCi(root));
    expect(installed(root)).toBe(true);
    expect(readFileSync(join(root, "node_modules", ".astro", "incremental-build.json"), "utf8")).toBe('{"version":1}');
    expect(existsSync(join(root, ".astro-cache-during-install"))).toBe(false);
  });

  it("puts the cache back when the install fails, and passes the failure on", () => {
    const root = checkoutWithCache();
    const failing = () => {
      rmSync(join(root, "node_modules"), { recursive: true, force: true });
      throw new Error("npm ci exited with 1");
    };
    expect(() => installKeepingCache(root, failing)).toThrow("npm ci exited with 1");
    expect(existsSync(join(root, "node_modules", ".astro", "incremental-build.json"))).toBe(true);
  });

  it("installs where no cache came back (a first build)", () => {
    const root = mkdtempSync(join(tmpdir(), "hosted-install-"));
    roots.push(root);
    installKeepingCache(root, npmCi(root));
    expect(installed(root)).toBe(true);
    expect(existsSync(join(root, "node_modules", ".astro"))).toBe(false);
  });
});

describe("the install's time in a hosted build's output", () => {
  it("is read back from the line the hosted build prints, as bench:rebuild reads it", () => {
    expect(installSeconds(`noise\n${installedLine(12.345)}\n  astro's lines`)).toBe(12.3);
    expect(installSeconds("build: Astro's cache is back from the build cache")).toBeNull();
  });
});
