import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The install a hosted build runs itself: the packages the build and the deploy use, no test, lint or type-check tools;
 * tarballs npm's cache (kept by the build cache) already holds are taken from it without asking the registry again.
 */
export const HOSTED_INSTALL = ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"] as const;

/** Whether `root` has its packages installed (the build's own, astro among them). */
export function installed(root: string): boolean {
  return existsSync(resolve(root, "node_modules", "astro", "package.json"));
}

/**
 * Runs `install` (by default `npm ci` with HOSTED_INSTALL's flags) in `root`, keeping Astro's cache folder
 * (node_modules/.astro, put back by the host's build cache before the build command runs) across it: npm ci empties
 * node_modules first. The cache is put back even when the install fails. Returns the install's seconds.
 */
export function installKeepingCache(
  root: string,
  install: () => void = () => void execFileSync("npm", HOSTED_INSTALL, { cwd: root, stdio: "inherit" }),
): number {
  const cache = resolve(root, "node_modules", ".astro");
  const aside = resolve(root, ".astro-cache-during-install");
  rmSync(aside, { recursive: true, force: true });
  const kept = existsSync(cache);
  if (kept) renameSync(cache, aside);
  const started = performance.now();
  try {
    install();
  } finally {
    if (kept) {
      mkdirSync(resolve(root, "node_modules"), { recursive: true });
      rmSync(cache, { recursive: true, force: true });
      renameSync(aside, cache);
    }
  }
  return (performance.now() - started) / 1000;
}

/** The line the hosted build prints after its install (bench:rebuild reads the seconds back with installSeconds). */
export function installedLine(seconds: number): string {
  return `build: packages installed in ${seconds.toFixed(1)} s`;
}

/** The install's seconds from a hosted build's output, null when it installed nothing. */
export function installSeconds(output: string): number | null {
  const match = /build: packages installed in ([\d.]+) s/.exec(output);
  return match ? Number(match[1]) : null;
}
