import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { ROOT } from "./quiet-env.ts";

/** Astro's incremental-build manifest as far as we read it (version 1 of `incremental-build.json`). */
const ManifestSchema = z.looseObject({
  version: z.literal(1),
  routes: z.record(z.string(), z.looseObject({ paths: z.record(z.string(), z.looseObject({ outputFile: z.string() })) })),
});

const MARKER = "build-started";
/** Slack for file times against the build's start (coarse file-system clocks): dropping one entry too many only costs a render. */
const CLOCK_SLACK_MS = 2000;

/** The Astro cache folder kept for builds into `outDir` (one per output folder, so parallel builds never share a manifest). */
export function cacheDirFor(outDir: string): string {
  return resolve(ROOT, "node_modules", ".astro", "site-builds", outDir.replace(/[^\w.-]+/g, "_"));
}

/**
 * Makes the cache trustworthy again after a build that did not finish: a page Astro rendered during that build has
 * already overwritten its copy in `dist/` while the manifest still holds the previous build's key for it, so a later
 * build with that old key would restore the new page. Drops every manifest entry whose copy changed since `since`
 * (those pages render again next time); a manifest that cannot be read is removed (the next build is a full one).
 * Returns how many entries were dropped, or null when the manifest was removed or absent.
 */
export function repairCache(cacheDir: string, since: number): number | null {
  const file = join(cacheDir, "incremental-build.json");
  if (!existsSync(file)) return null;
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    rmSync(file, { force: true });
    return null;
  }
  let dropped = 0;
  for (const route of Object.values(manifest.routes)) {
    for (const [pathname, entry] of Object.entries(route.paths)) {
      const copy = join(cacheDir, "dist", entry.outputFile);
      const changed = !existsSync(copy) || statSync(copy).mtimeMs >= since - CLOCK_SLACK_MS;
      if (changed) {
        delete route.paths[pathname];
        dropped++;
      }
    }
  }
  writeFileSync(file, JSON.stringify(manifest, null, "\t"));
  return dropped;
}

/** Notes that a build into this cache folder started (repaired by `recoverCache` if it never reports back). */
export function markBuildStarted(cacheDir: string, at: number): void {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, MARKER), String(at));
}

/** Notes that the build finished and its cache is sound. */
export function markBuildDone(cacheDir: string): void {
  rmSync(join(cacheDir, MARKER), { force: true });
}

/** Repairs the cache of a build that never reported back (its process was killed); returns what repairCache did, or undefined when none was pending. */
export function recoverCache(cacheDir: string): number | null | undefined {
  const marker = join(cacheDir, MARKER);
  if (!existsSync(marker)) return undefined;
  const since = Number(readFileSync(marker, "utf8"));
  const result = Number.isFinite(since)
    ? repairCache(cacheDir, since)
    : (rmSync(join(cacheDir, "incremental-build.json"), { force: true }), null);
  markBuildDone(cacheDir);
  return result;
}

/** The output files (relative to the build folder) the cache's manifest records; empty when it cannot be read. */
function recordedOutputs(cacheDir: string): Set<string> {
  try {
    const manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(cacheDir, "incremental-build.json"), "utf8")));
    return new Set(
      Object.values(manifest.routes).flatMap((route) => Object.values(route.paths).map((entry) => decodeURI(entry.outputFile))),
    );
  } catch {
    return new Set();
  }
}

/**
 * After a successful build into a folder kept between builds (Astro leaves a page it reused from the cache untouched
 * there): removes every file the build neither wrote (older than `since`) nor reused (recorded in the cache's manifest),
 * such as the page of an item that is gone or an old script chunk. Returns how many it removed.
 */
export function pruneBuildFolder(buildDir: string, cacheDir: string, since: number): number {
  const kept = recordedOutputs(cacheDir);
  let removed = 0;
  for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const name = path.slice(buildDir.length + 1);
    if (kept.has(name) || statSync(path).mtimeMs >= since) continue;
    rmSync(path);
    removed++;
  }
  return removed;
}
