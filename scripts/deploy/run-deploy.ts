import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  applyMigrations,
  createD1,
  d1Exists,
  DeployError,
  deployWorker,
  pendingMigrations,
  putSecrets,
  secretNames,
  signedIn,
} from "./account.ts";
import { configProblems, type DeployConfig } from "./config.ts";
import { collectSecrets, describeSecrets, planSecrets, type AskSecret } from "./secrets.ts";
import type { Site } from "./site.ts";
import { readState, writeState } from "./state.ts";
import type { Wrangler } from "./wrangler.ts";
import { WORKER_SECRETS } from "#contract/worker-secrets";

/** What the dealer asked for: secrets to ask for again (`--secret NAME`), the site's address when this copy does not know it (`--url`), another canonical address (`--site-url`, a custom domain). */
export type DeployOptions = { again: string[]; url?: string; siteUrl?: string };

/** Everything the deploy talks to, so a test can stand in for each: wrangler, the live site, the terminal. */
export type DeployIO = {
  config: DeployConfig;
  wrangler: Wrangler;
  site: Site;
  /** Asks for a secret without echoing it; null without a terminal. */
  ask: AskSecret | null;
  env: NodeJS.ProcessEnv;
  statePath: string;
  log: (line: string) => void;
};

/** What a deploy ends with; `rebuilds`: whether the worker has a deploy hook to call after a sync. */
export type DeployResult = { url: string; webhookUrl: string | null; first: boolean; rebuilds: boolean };

/** The site address among those `wrangler deploy` printed: the workers.dev one, else the first. */
const siteAddress = (urls: string[]) => urls.find((u) => /\.workers\.dev\b/.test(u)) ?? urls[0];

const PLACEHOLDER = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Coming soon</title><p>This catalogue is being set up; it will be here in a few minutes.</p></html>\n`;

/**
 * One deploy, first or later: checks the config and the login; finds or creates the D1 database and applies its
 * pending migrations; stores missing secrets (asked, made or from the environment); on a first deploy puts the worker
 * out with a placeholder page and its secrets, then runs the first full sync; builds the site against the live API;
 * deploys worker and assets; reads the webhook address from the admin API.
 */
export async function deploy(options: DeployOptions, io: DeployIO): Promise<DeployResult> {
  const { config, wrangler, site, env, log } = io;
  const problems = configProblems(config);
  if (problems.length) throw new DeployError(`wrangler.toml needs fixing first:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  log(`Cloudflare account: ${await signedIn(wrangler, env)}`);
  if (await d1Exists(wrangler, config.d1.name)) log(`D1 database ${config.d1.name}: found`);
  else {
    log(`D1 database ${config.d1.name}: creating it`);
    await createD1(wrangler, config.d1.name);
  }
  const pending = await pendingMigrations(wrangler, config.d1.binding);
  if (pending.length) {
    log(`D1 migrations: applying ${pending.length} (${pending.join(", ")})`);
    await applyMigrations(wrangler, config.d1.binding);
  } else log("D1 migrations: none pending");

  const stored = await secretNames(wrangler, config.name);
  const first = stored === null;
  const state = readState(io.statePath);
  const again = [...options.again];
  // Cloudflare never gives a secret back: a build token this copy does not hold is made anew.
  if (stored?.includes("BUILD_TOKEN") && !state.buildToken && !again.includes("BUILD_TOKEN")) again.push("BUILD_TOKEN");
  const plan = planSecrets({ stored, again, vars: config.vars, env });
  log(first ? `Worker ${config.name}: not on the account yet (first deploy)` : `Worker ${config.name}: found`);
  for (const line of describeSecrets(plan)) log(`  secret ${line}`);
  const values = await collectSecrets(plan, env, io.ask);
  const buildToken = values.BUILD_TOKEN ?? state.buildToken ?? env.BUILD_TOKEN;
  if (!buildToken) throw new DeployError("No BUILD_TOKEN: run `npm run deploy -- --secret BUILD_TOKEN` to make a new one.");
  if (values.BUILD_TOKEN && stored?.includes("BUILD_TOKEN"))
    log("  BUILD_TOKEN is new: if Workers Builds rebuilds the site, put the new one in its build variables (docs/deploy.md)");

  let url = options.url ?? state.url;
  if (first) {
    log("Worker: first deploy, with a placeholder page until the site is built");
    url = siteAddress(await deployWithPlaceholder(wrangler, values)) ?? url;
  } else if (Object.keys(values).length) {
    // Before the build: the live worker must know a new build token when the build reads the API with it.
    log(`Secrets: storing ${Object.keys(values).join(", ")}`);
    await putSecrets(wrangler, values);
  }
  if (!url)
    throw new DeployError(
      "This copy does not know the site's address (it is kept in .wrangler/deploy.json after a deploy from here): run `npm run deploy -- --url https://<your worker>.workers.dev` once.",
    );
  writeState(io.statePath, { url, buildToken });

  await site.waitLive(url);
  let password = values.ADMIN_PASSWORD ?? env.ADMIN_PASSWORD;
  // A first deploy, or one that stopped before the site was ever built (its placeholder page still live).
  if (first || !(await site.hasBuild(url))) {
    password ??= await askPassword(io);
    log("Sync: the first full sync from Notion (each table's rows, files and images)");
    if (!(await site.fullSync(url, password)))
      log(
        "Sync: some tables did not sync (the lines above say why); the site is built with what did. Fix them in Notion, then Sync Data in /admin.",
      );
  }

  const siteUrl = options.siteUrl ?? env.SITE_URL ?? url;
  log(`Build: the site from ${url}/api, for ${siteUrl}`);
  await site.build(url, siteUrl, buildToken);
  log("Worker: deploying the worker with the built site");
  url = siteAddress(await deployWorker(wrangler, [])) ?? url;
  writeState(io.statePath, { url, buildToken });

  let webhookUrl: string | null = null;
  if (password) webhookUrl = await site.webhookUrl(url, password).catch(() => null);
  const rebuilds = "DEPLOY_HOOK_URL" in values || (stored?.includes("DEPLOY_HOOK_URL") ?? false) || "DEPLOY_HOOK_URL" in config.vars;
  return { url, webhookUrl, first, rebuilds };
}

/** The admin password, asked for (it is needed to start the first sync); throws without a terminal. */
async function askPassword(io: DeployIO): Promise<string> {
  const secret = WORKER_SECRETS.find((s) => s.name === "ADMIN_PASSWORD")!;
  const typed = io.ask ? await io.ask(secret) : "";
  if (!typed)
    throw new DeployError("The site has never been built: the first sync needs the admin password (type it, or set ADMIN_PASSWORD).");
  return typed;
}

/** The first `wrangler deploy`: a placeholder page as the assets and the secrets in a file readable by its owner only, removed after. */
async function deployWithPlaceholder(wrangler: Wrangler, secrets: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "coin-op-deploy-"));
  try {
    const assets = join(dir, "placeholder");
    const secretsFile = join(dir, "secrets.json");
    mkdirSync(assets);
    writeFileSync(join(assets, "index.html"), PLACEHOLDER);
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
    return await deployWorker(wrangler, ["--assets", assets, "--secrets-file", secretsFile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
