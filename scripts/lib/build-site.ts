import { readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { cacheDirFor, markBuildDone, markBuildStarted, pruneBuildFolder, recoverCache, repairCache } from "./build-cache.ts";
import { publishChanged, type PublishCount } from "./publish-changed.ts";
import { ROOT } from "./quiet-env.ts";
import { runNpx } from "./run.ts";

/** The folder builds into `outDir` are made in, kept between builds (remove it with the cache folder to start afresh). */
export function buildFolderFor(outDir: string): string {
  return `${resolve(ROOT, outDir)}.building`;
}

/** Puts a finished build in place (`copy`); a launcher wraps it to pick the moment and wait for what follows. */
export type Publish = (copy: () => void) => Promise<void>;

/**
 * What a build did: its time (publishing included), the time until it was ready to publish (`buildSeconds`: Astro, then
 * the build folder's clean-up), the pages of the site, which files Astro rendered, how many it reused, and what
 * publishing copied.
 */
export type BuildReport = {
  seconds: number;
  buildSeconds: number;
  pages: number;
  rendered: string[];
  reused: number;
  published: PublishCount;
};

/** Why a build failed: the build's own "Cannot build {page}: {cause}" line when it printed one, else Astro's last output. */
export function buildFailure(output: string): string {
  const lines = output.split("\n").map((line) => line.trim());
  const cause = lines.find((line) => line.includes("Cannot build "));
  return cause ? cause.slice(cause.indexOf("Cannot build ")) : output.slice(-4000);
}

/**
 * The files Astro's log says it generated, split into rendered and reused from the incremental build's cache. Each file is
 * announced as `├─ /gallery/slots/x.html`; a reused one is followed at once by ` (cached)` or ` (restored)`, while a
 * rendered one gets its time later, often after other files' announcements (pages render eight at a time).
 */
export function generatedFiles(output: string): { rendered: string[]; reused: string[] } {
  const text = output.replace(/\x1b\[[0-9;]*m/g, "");
  const all = new Set<string>();
  const reused = new Set<string>();
  for (const [, file = "", reuse] of text.matchAll(/[├└]─ (\/\S*?\.(?:html|xml|json|txt))( \((?:cached|restored)\))?/g)) {
    all.add(file);
    if (reuse) reused.add(file);
  }
  return { rendered: [...all].filter((file) => !reused.has(file)), reused: [...reused] };
}

/** How the build learnt its images' sizes, from the line astro.config logs: "N sizes given by the catalogue, M images probed"; null without it. */
export function imageSizeCounts(output: string): string | null {
  const match = /Image sizes: (\d+) given by the catalogue, (\d+) images probed over HTTP/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
  return match ? `${match[1]} image sizes given by the catalogue, ${match[2]} images probed` : null;
}

/** The API a build reads: the worker's address. */
export type BuildApi = { url: string };

/**
 * Builds the Astro site from the API at `api.url` into a build folder (`{outDir}.building`), then publishes it into
 * `outDir` copying only the files whose content changed, so the running worker never serves a half-written tree; a
 * failed build publishes nothing and leaves `outDir` as it was. Astro's incremental-build cache for `outDir`
 * (cacheDirFor) is kept between builds, and repaired after a build that failed or was killed, so a rebuild renders only
 * the pages whose data or code changed. The build folder is kept too after a successful build: Astro leaves the pages it
 * reuses there untouched (no copy from the cache, and publishing knows them by size and file time without reading them);
 * after a failed or killed build it is emptied. `signal` stops the build (its whole process group).
 */
export async function buildSite(
  api: BuildApi,
  outDir = "dist",
  log: (line: string) => void = console.log,
  publish: Publish = async (copy) => copy(),
  signal?: AbortSignal,
): Promise<BuildReport> {
  const started = performance.now();
  const dist = resolve(ROOT, outDir);
  const scratch = buildFolderFor(outDir);
  const cacheDir = cacheDirFor(outDir);
  const recovered = recoverCache(cacheDir);
  if (recovered !== undefined) {
    log(
      `site: an earlier build into ${outDir} never finished; its cache ${recovered === null ? "was dropped" : `lost ${recovered} page(s)`}`,
    );
    rmSync(scratch, { recursive: true, force: true });
  }
  const startedAt = Date.now();
  markBuildStarted(cacheDir, startedAt);
  let output: string;
  try {
    output = await runNpx(["astro", "build", "--outDir", scratch], {
      env: {
        SITE_API_URL: api.url,
        SITE_URL: process.env.SITE_URL ?? api.url,
        SITE_CACHE_DIR: cacheDir,
        SITE_KEEP_OUT_DIR: "1",
      },
      prefix: "  [astro] ",
      quiet: true,
      signal,
    });
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    repairCache(cacheDir, startedAt);
    markBuildDone(cacheDir);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`site build failed, ${outDir} left as it was: ${buildFailure(message)}`, { cause: error });
  }
  pruneBuildFolder(scratch, cacheDir, startedAt);
  markBuildDone(cacheDir);
  const buildSeconds = (performance.now() - started) / 1000;
  let published: PublishCount = { copied: 0, unchanged: 0, removed: 0 };
  await publish(() => {
    published = publishChanged(scratch, dist);
  });
  const seconds = (performance.now() - started) / 1000;
  const { rendered, reused } = generatedFiles(output);
  const pages = countFiles(dist, ".html");
  const sizes = imageSizeCounts(output);
  log(
    `site: built ${pages} pages in ${seconds.toFixed(1)} s (${rendered.length} files rendered, ${reused.length} reused); published ${published.copied} changed file(s), removed ${published.removed}${sizes ? `; ${sizes}` : ""}`,
  );
  return { seconds, buildSeconds, pages, rendered, reused: reused.length, published };
}

function countFiles(dir: string, suffix: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(suffix)).length;
}
