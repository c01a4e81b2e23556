import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../lib/quiet-env.ts";
import { DeployError } from "./account.ts";
import { configProblems, listMigrations, type DeployConfig } from "./config.ts";
import { whatIsOff } from "./off.ts";
import { describeSecrets, planSecrets } from "./secrets.ts";
import { templateProblems } from "./template.ts";
import type { Wrangler } from "./wrangler.ts";

/** A Worker's limits on either plan (Cloudflare, 2026): its script size, and the static asset files one version may hold. */
const LIMITS = { scriptBytes: 64 * 1024 * 1024, assetFiles: { free: 20_000, paid: 100_000 } };

const kib = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KiB`;

/** Every file under `dir`, relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** The bundle's size and gzip size (what wrangler uploads: every module, source maps aside). */
function bundleSize(outdir: string): { bytes: number; gzipBytes: number } {
  const modules = filesUnder(outdir)
    .filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"))
    .map((f) => readFileSync(join(outdir, f)));
  const all = Buffer.concat(modules);
  return { bytes: all.length, gzipBytes: gzipSync(all).length };
}

/**
 * `npm run deploy -- --dry-run`: everything a deploy checks that needs no Cloudflare account. Validates wrangler.toml and
 * the repository as a Deploy to Cloudflare template, bundles the worker (`wrangler deploy --dry-run`), prints its size
 * against the plans' limit and the built site's file count against theirs, the order a deploy runs in, the migrations
 * and secrets a first deploy would apply and ask for, and the optional parts a first deploy leaves off.
 */
export async function dryRun(io: { config: DeployConfig; wrangler: Wrangler; log: (line: string) => void }): Promise<void> {
  const { config, wrangler, log } = io;
  const problems = [...configProblems(config), ...templateProblems(config)];
  if (problems.length) throw new DeployError(`Fix these first:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  log(
    `config: worker ${config.name}; D1 ${config.d1.binding} -> ${config.d1.name}; KV ${config.kv.map((kv) => kv.binding).join(", ")}; R2 ${config.r2.map((r) => `${r.binding} -> ${r.bucket}`).join(", ")}; SYNC_STEP_SUBREQUESTS ${config.vars.SYNC_STEP_SUBREQUESTS ?? "50 (default)"}`,
  );
  const work = mkdtempSync(join(tmpdir(), "coin-op-dry-run-"));
  try {
    const built = existsSync(config.assetsDir);
    const assetsArgs = built ? [] : ["--assets", mkdtempSync(join(work, "assets-"))];
    const outdir = join(work, "bundle");
    const { code, out } = await wrangler(["deploy", "--dry-run", "--outdir", outdir, ...assetsArgs]);
    if (code !== 0) throw new DeployError(`wrangler deploy --dry-run failed:\n${out.trim().split("\n").slice(-15).join("\n")}`);
    const size = bundleSize(outdir);
    log(
      `bundle: ${kib(size.bytes)} (gzip ${kib(size.gzipBytes)}), ${((size.bytes / LIMITS.scriptBytes) * 100).toFixed(1)}% of the 64 MiB a Worker may be on either plan`,
    );
    if (size.bytes > LIMITS.scriptBytes) throw new DeployError("The worker bundle is over Cloudflare's 64 MiB limit.");
    if (built) {
      const files = filesUnder(config.assetsDir).length;
      const { free, paid } = LIMITS.assetFiles;
      log(
        `assets: ${relative(ROOT, config.assetsDir)}/ holds ${files.toLocaleString("en-US")} files (a version may hold ${free.toLocaleString("en-US")} on Free, ${paid.toLocaleString("en-US")} on Paid)`,
      );
    } else log(`assets: ${relative(ROOT, config.assetsDir)}/ not built here (a deploy builds it against the live API)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const migrations = listMigrations(config.d1.migrationsDir);
  log(
    `migrations: ${migrations.length} in ${relative(ROOT, config.d1.migrationsDir)}/, those the account's database lacks applied before the worker goes out: ${migrations.join(", ")}`,
  );
  log(
    "template: no account or resource id in wrangler.toml; Workers Builds runs `npm run build` then `npm run deploy`; the button asks for the secrets in .dev.vars.example",
  );
  log(
    "order of a deploy: D1 database found or created, pending migrations applied, then the worker (a first deploy: the first-run site, the KV namespace and R2 bucket made by wrangler), then the built site",
  );
  log("secrets a first deploy from a terminal stores (values asked without echo; never printed):");
  for (const line of describeSecrets(planSecrets({ stored: null, again: [], vars: config.vars, env: {} }))) log(`  ${line}`);
  log("off after a first deploy (none blocks it; docs/deploy.md says how to turn each on):");
  for (const line of whatIsOff({ sendEmail: config.sendEmail, secrets: [], panelHook: false, turnstileSiteKey: false })) log(`  ${line}`);
}
