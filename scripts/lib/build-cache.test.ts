import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { markBuildDone, markBuildStarted, pruneBuildFolder, recoverCache, repairCache } from "./build-cache.ts";

let dir: string;
const manifestFile = () => join(dir, "incremental-build.json");
const manifest = () => JSON.parse(readFileSync(manifestFile(), "utf8"));

/** A cache as Astro leaves it: a manifest naming each page's key and copy, and the copies written `ageMs` ago. */
function cacheWith(pages: Record<string, number>): void {
  const paths = Object.fromEntries(Object.keys(pages).map((page) => [`/${page}`, { cacheKey: `key-${page}`, outputFile: `${page}.html` }]));
  writeFileSync(
    manifestFile(),
    JSON.stringify({ version: 1, configHash: "c", routes: { "site/pages/x/[id].astro": { dependencyHash: "d", paths } } }),
  );
  for (const [page, ageMs] of Object.entries(pages)) {
    const file = join(dir, "dist", `${page}.html`);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, page);
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(file, at, at);
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "build-cache-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the incremental cache after a build that did not finish", () => {
  it("forgets the pages whose copies that build rewrote, keeping the others and the rest of the manifest", () => {
    cacheWith({ "x/old": 60_000, "x/rewritten": 0, "x/also-old": 3_600_000 });
    expect(repairCache(dir, Date.now() - 1000)).toBe(1);
    const routes = manifest().routes["site/pages/x/[id].astro"];
    expect(Object.keys(routes.paths).sort()).toEqual(["/x/also-old", "/x/old"]);
    expect(routes.paths["/x/old"]).toEqual({ cacheKey: "key-x/old", outputFile: "x/old.html" });
    expect(manifest().configHash).toBe("c");
  });

  it("forgets a page whose copy is missing, and removes a manifest it cannot read (the next build is a full one)", () => {
    cacheWith({ "x/kept": 60_000 });
    rmSync(join(dir, "dist", "x", "kept.html"));
    expect(repairCache(dir, Date.now())).toBe(1);
    writeFileSync(manifestFile(), '{"version":2,"routes":{}}');
    expect(repairCache(dir, Date.now())).toBeNull();
    expect(existsSync(manifestFile())).toBe(false);
  });

  it("repairs at the next build a cache whose build never reported back (killed), and nothing after a build that finished", () => {
    cacheWith({ "x/old": 60_000 });
    markBuildStarted(dir, Date.now() - 30_000);
    cacheWith({ "x/old": 60_000, "x/half-done": 1_000 });
    expect(recoverCache(dir)).toBe(1);
    expect(Object.keys(manifest().routes["site/pages/x/[id].astro"].paths)).toEqual(["/x/old"]);
    expect(recoverCache(dir)).toBeUndefined();
    markBuildStarted(dir, Date.now());
    markBuildDone(dir);
    expect(recoverCache(dir)).toBeUndefined();
  });
});

describe("the build folder kept between builds", () => {
  it("loses what the last build neither wrote nor reused from the cache, and keeps the rest", () => {
    cacheWith({ "x/reused": 60_000 });
    const build = join(dir, "build");
    const files = {
      "x/reused.html": 60_000,
      "x/gone.html": 60_000,
      "_astro/old-chunk.js": 60_000,
      "_astro/new-chunk.js": 0,
      "index.html": 0,
    };
    for (const [name, ageMs] of Object.entries(files)) {
      mkdirSync(join(build, name, ".."), { recursive: true });
      writeFileSync(join(build, name), name);
      const at = (Date.now() - ageMs) / 1000;
      utimesSync(join(build, name), at, at);
    }
    expect(pruneBuildFolder(build, dir, Date.now() - 10_000)).toBe(2);
    expect(
      ["x/reused.html", "x/gone.html", "_astro/old-chunk.js", "_astro/new-chunk.js", "index.html"].filter((name) =>
        existsSync(join(build, name)),
      ),
    ).toEqual(["x/reused.html", "_astro/new-chunk.js", "index.html"]);
  });
});
