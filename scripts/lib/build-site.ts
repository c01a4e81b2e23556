import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ROOT } from "./quiet-env.ts";
import { runNpx } from "./run.ts";

/** Puts a finished build in place (`copy`); a launcher wraps it to pick the moment and wait for what follows. */
export type Publish = (copy: () => void) => Promise<void>;

/** Why a build failed: the build's own "Cannot build {page}: {cause}" line when it printed one, else Astro's last output. */
export function buildFailure(output: string): string {
  const lines = output.split("\n").map((line) => line.trim());
  const cause = lines.find((line) => line.includes("Cannot build "));
  return cause ? cause.slice(cause.indexOf("Cannot build ")) : output.slice(-4000);
}

/**
 * Builds the Astro site from the API at `apiUrl` into a scratch folder, then publishes it by copying it over `outDir`,
 * so the running worker never serves a half-written tree; a failed build publishes nothing and leaves `outDir` as it was.
 * `signal` stops the build (its whole process group).
 */
export async function buildSite(apiUrl: string, outDir = "dist", log: (line: string) => void = console.log, publish: Publish = async (copy) => copy(), signal?: AbortSignal): Promise<number> {
  const started = performance.now();
  const dist = resolve(ROOT, outDir);
  const scratch = `${dist}.building`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    try {
      await runNpx(["astro", "build", "--outDir", scratch], { env: { SITE_API_URL: apiUrl, SITE_URL: process.env.SITE_URL ?? apiUrl }, prefix: "  [astro] ", quiet: true, signal });
    } catch (error) {
      const output = error instanceof Error ? error.message : String(error);
      throw new Error(`site build failed, ${outDir} left as it was: ${buildFailure(output)}`, { cause: error });
    }
    await publish(() => {
      mkdirSync(dist, { recursive: true });
      cpSync(scratch, dist, { recursive: true });
      removeStale(dist, scratch);
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  log(`site: built ${countFiles(dist, ".html")} pages in ${seconds.toFixed(1)} s`);
  return seconds;
}

function removeStale(target: string, source: string): void {
  for (const entry of readdirSync(target)) {
    const path = join(target, entry);
    const counterpart = join(source, relative(target, path));
    let exists = true;
    try {
      statSync(counterpart);
    } catch {
      exists = false;
    }
    if (!exists) rmSync(path, { recursive: true, force: true });
    else if (statSync(path).isDirectory()) removeStale(path, counterpart);
  }
}

function countFiles(dir: string, suffix: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(suffix)).length;
}
