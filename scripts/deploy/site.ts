import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ADMIN_PATHS, API_PATHS } from "#contract/api-paths";
import { CatalogueStatusSchema } from "#contract/public-api";
import { signIn } from "../lib/admin-client.ts";
import { fullSync } from "../lib/full-sync.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { runNpx } from "../lib/run.ts";
import { DeployError } from "./account.ts";

/** What one site build is for: the API it reads, the address its pages name as theirs, and whether nothing was ever published (no worker yet). */
export type BuildTarget = { apiUrl: string; siteUrl: string; nothingPublished: boolean };

/**
 * Builds the site into dist/ as `npm run build` and `npm run deploy` both do: `astro build` against `target.apiUrl`, or
 * with SITE_NOTHING_PUBLISHED for a worker not deployed yet (the first-run site); says whether Astro's cache
 * (node_modules/.astro, which Workers Builds' build cache keeps) came back, so only changed pages are rendered.
 */
export async function buildSite(target: BuildTarget, log: (line: string) => void = console.log): Promise<void> {
  const cached = existsSync(resolve(ROOT, "node_modules", ".astro", "incremental-build.json"));
  log(
    cached
      ? "Build: Astro's cache is back: only pages whose data or code changed are rendered"
      : "Build: no Astro cache (a first build, or build caching is off): every page is rendered",
  );
  log(
    target.nothingPublished
      ? `Build: the first-run site (the worker is not deployed yet), for ${target.siteUrl}`
      : `Build: the site from ${target.apiUrl}/api, for ${target.siteUrl}`,
  );
  await runNpx(["astro", "build"], {
    env: {
      SITE_API_URL: target.apiUrl,
      SITE_URL: target.siteUrl,
      ...(target.nothingPublished ? { SITE_NOTHING_PUBLISHED: "1" } : {}),
    },
    prefix: "  | ",
  });
}

/** Where a hosted build notes the commit it built dist/ for, so the deploy command that follows knows not to build again. */
const BUILT_MARKER = resolve(ROOT, "node_modules", ".cache", "coin-op", "site-build.json");

/** Notes that dist/ holds the build of `commit` (Workers Builds' WORKERS_CI_COMMIT_SHA). */
export function markBuilt(commit: string, marker = BUILT_MARKER): void {
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, JSON.stringify({ commit }));
}

/** Whether dist/ holds a finished build of `commit`, made by the build command of this same Workers Builds run. */
export function builtFor(commit: string | undefined, distDir = resolve(ROOT, "dist"), marker = BUILT_MARKER): boolean {
  if (!commit || !existsSync(resolve(distDir, "build-info.json"))) return false;
  try {
    return (JSON.parse(readFileSync(marker, "utf8")) as { commit?: unknown }).commit === commit;
  } catch {
    return false;
  }
}

/** What the deploy does with the live site, apart from wrangler (a test passes its own). */
export type Site = {
  /** Waits until the deployed worker answers (a new workers.dev address can take a minute or two to resolve). */
  waitLive(url: string): Promise<void>;
  /** Whether a sync ever published the catalogue (`GET /api/build/status`; a worker older than that answer counts as yes). */
  published(url: string): Promise<boolean>;
  /** Signs in as the admin and runs the full sync from Notion, following it to its end; false when a table failed. */
  fullSync(url: string, password: string): Promise<boolean>;
  /** Builds the site into the assets folder (buildSite). */
  build(target: BuildTarget): Promise<void>;
  /** The address Notion's webhook subscription takes, read from the admin API (null when the worker does not say it). */
  webhookUrl(url: string, password: string): Promise<string | null>;
};

/** The live site, reached over HTTPS. */
export const liveSite: Site = {
  async waitLive(url) {
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        const res = await fetch(`${url}${API_PATHS.health}`, { signal: AbortSignal.timeout(10_000) });
        if (res.ok) return;
      } catch {
        // not resolving yet
      }
      if (Date.now() > deadline)
        throw new DeployError(`${url} did not answer within 3 minutes; run \`npm run deploy\` again in a few minutes (nothing is lost).`);
      await sleep(3000);
    }
  },
  async published(url) {
    const res = await fetch(`${url}${API_PATHS.build}/status`, { signal: AbortSignal.timeout(15_000) });
    if (res.status === 404) return true;
    if (!res.ok) throw new DeployError(`${url}${API_PATHS.build}/status answered ${res.status}: ${await res.text()}`);
    return CatalogueStatusSchema.parse(await res.json()).published;
  },
  async fullSync(url, password) {
    const admin = await signIn(url, password);
    const { success } = await fullSync(admin, (line) => console.log(`  ${line}`), 2000, "manual");
    return success;
  },
  build: (target) => buildSite(target),
  async webhookUrl(url, password) {
    const admin = await signIn(url, password);
    const answer = await admin.call<{ webhookUrl?: unknown }>(ADMIN_PATHS.notionWebhook);
    return typeof answer.webhookUrl === "string" ? answer.webhookUrl : null;
  },
};
