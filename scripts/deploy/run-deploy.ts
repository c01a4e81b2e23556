import {
  applyMigrations,
  createD1,
  d1Exists,
  deleteKvNamespace,
  DeployError,
  deployWorker,
  kvNamespaces,
  panelHookSet,
  pendingMigrations,
  putSecrets,
  secretNames,
  signedIn,
} from "./account.ts";
import { addressOverride, discoverSite, type CloudflareGet, type SiteAddress } from "./address.ts";
import { configProblems, provisionedKvTitle, type DeployConfig } from "./config.ts";
import { whatIsOff } from "./off.ts";
import { repoLacks, PRODUCTION_BRANCH, type Git } from "./repo.ts";
import { withSecretsFile } from "./secrets-file.ts";
import { collectSecrets, describeSecrets, planSecrets, type AskSecret } from "./secrets.ts";
import type { Site } from "./site.ts";
import type { Wrangler } from "./wrangler.ts";
import { WORKER_SECRETS } from "#contract/worker-secrets";

/**
 * What the deploy was asked for: `hosted` (Workers Builds' deploy command: unattended, the site already built by the
 * build command when `built`), secrets to ask for again (`--secret NAME`), and `allowUnpushed` (deploy code the
 * repository's production branch lacks, said plainly).
 */
export type DeployOptions = { hosted: boolean; built: boolean; again: string[]; allowUnpushed: boolean };

/** Everything the deploy talks to, so a test can stand in for each: wrangler, Cloudflare's API, the live site, git, the terminal. */
export type DeployIO = {
  config: DeployConfig;
  wrangler: Wrangler;
  /** Cloudflare's API with wrangler's own credential (null when wrangler holds none). */
  cloudflare: (wrangler: Wrangler) => Promise<CloudflareGet | null>;
  site: Site;
  git: Git;
  /** Asks for a secret without echoing it; null without a terminal. */
  ask: AskSecret | null;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
};

/**
 * What a deploy ends with: the worker's address and the site's, whether it was the worker's first deploy, the webhook
 * address (only when a person at a terminal typed the admin password: it is a secret) and what optional parts are off.
 */
export type DeployResult = { url: string; siteUrl: string; first: boolean; webhookUrl: string | null; off: string[] };

/**
 * One deploy, laptop or Workers Builds, first or later, in the order that keeps the live site working: check the config
 * and the login (and, from a laptop, that the repository holds this code); find or create the D1 database and apply its
 * pending migrations before any new worker serves; learn the site's address from Cloudflare; on a first deploy put the
 * worker out with the first-run site (and from a laptop its secrets, then the first sync); build the site and deploy it;
 * say what optional parts are off.
 */
export async function deploy(options: DeployOptions, io: DeployIO): Promise<DeployResult> {
  const { config, wrangler, site, env, log } = io;
  const problems = configProblems(config);
  if (problems.length) throw new DeployError(`wrangler.toml needs fixing first:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  const account = await signedIn(wrangler, env);
  log(`Cloudflare account: ${account.name}`);
  if (!options.hosted) checkRepository(io.git, options.allowUnpushed, log);

  if (await d1Exists(wrangler, config.d1.name)) log(`D1 database ${config.d1.name}: found`);
  else {
    log(`D1 database ${config.d1.name}: creating it`);
    await createD1(wrangler, config.d1.name);
  }
  const pending = await pendingMigrations(wrangler, config.d1.binding);
  if (pending.length) {
    log(`D1 migrations: applying ${pending.length} (${pending.join(", ")}), before any new worker serves`);
    await applyMigrations(wrangler, config.d1.binding);
  } else log("D1 migrations: none pending");

  const stored = await secretNames(wrangler, config.name);
  const first = stored === null;
  log(first ? `Worker ${config.name}: not on the account yet (first deploy)` : `Worker ${config.name}: found`);
  const values = options.hosted ? {} : await secretsToStore(options, io, stored);

  const address = await siteAddress(io, account.id);
  let url = address.apiUrl;
  let password = values.ADMIN_PASSWORD ?? env.ADMIN_PASSWORD;
  if (first) {
    await removeOrphanCache(wrangler, config, log);
    log("Worker: first deploy, with the first-run site (an empty catalogue until the first sync)");
    if (!options.built) await site.build({ apiUrl: url ?? "", siteUrl: address.siteUrl ?? url ?? "", nothingPublished: true });
    const deployed = await withSecretsFile(values, (file) =>
      deployWorker(wrangler, Object.keys(values).length ? ["--secrets-file", file] : []),
    );
    url = workersDevOf(deployed.targets) ?? url;
  } else if (Object.keys(values).length) {
    log(`Secrets: storing ${Object.keys(values).join(", ")}`);
    await putSecrets(wrangler, values);
  }
  if (!url)
    throw new DeployError(
      "Cloudflare gave no address for the worker: turn on its workers.dev route or add a custom domain, then deploy again.",
    );
  const siteUrl = address.siteUrl ?? url;

  if (!options.hosted) {
    // A laptop deploy runs the first sync itself, also after a first deploy that stopped before it.
    await site.waitLive(url);
    if (!(await site.published(url))) {
      password ??= await askPassword(io);
      log("Sync: the first full sync from Notion (each table's rows, files and images)");
      if (!(await site.fullSync(url, password)))
        log(
          "Sync: some tables did not sync (the lines above say why); the site is built with what did. Fix them in Notion, then Sync Data in /admin.",
        );
    }
  }
  // Workers Builds' first deploy ends with the first-run site; its first sync (from the admin panel) asks for the rebuild.
  if (!options.hosted || !first) {
    if (options.built) log("Build: the site the build command built");
    else await site.build({ apiUrl: url, siteUrl, nothingPublished: false });
    log("Worker: deploying the worker with the built site");
    url = workersDevOf((await deployWorker(wrangler, [])).targets) ?? url;
  }

  const secrets = [...(stored ?? []), ...Object.keys(values)];
  const off = whatIsOff({
    sendEmail: config.sendEmail,
    secrets,
    panelHook: await panelHookSet(wrangler, config.d1.binding),
    turnstileSiteKey: Boolean(env.PUBLIC_TURNSTILE_SITE_KEY),
  });
  // The webhook address is a secret: shown only to the person who typed the admin password at this terminal.
  const webhookUrl = io.ask && values.ADMIN_PASSWORD ? await site.webhookUrl(url, values.ADMIN_PASSWORD).catch(() => null) : null;
  return { url, siteUrl: address.siteUrl ?? url, first, webhookUrl, off };
}

/** The workers.dev address among those a deploy reported, else the first. */
const workersDevOf = (targets: string[]) => targets.find((t) => /\.workers\.dev\b/.test(t)) ?? targets[0] ?? null;

/** Refuses (or, allowed, says plainly) a laptop deploy of code the repository's production branch lacks. */
function checkRepository(git: Git, allowed: boolean, log: (line: string) => void): void {
  const lacks = repoLacks(git);
  if (!lacks.length) {
    log(`Code: the same as origin/${PRODUCTION_BRANCH}`);
    return;
  }
  const what = `this deploy puts out code your repository's ${PRODUCTION_BRANCH} branch lacks: ${lacks.join("; ")}`;
  const why = `Workers Builds rebuilds the site from that branch after any Notion edit and replaces what you deploy here (even older code against a newer database).`;
  if (!allowed)
    throw new DeployError(
      `Not deployed: ${what}.\n${why}\nCommit and push first (git push), or deploy anyway with \`npm run deploy -- --allow-unpushed\`.`,
    );
  log(`Code: deploying anyway (--allow-unpushed): ${what}. ${why}`);
}

/** The secrets a laptop deploy stores: planned, described (never their values), then taken from the environment or asked. */
async function secretsToStore(options: DeployOptions, io: DeployIO, stored: string[] | null): Promise<Record<string, string>> {
  const plan = planSecrets({ stored, again: options.again, vars: io.config.vars, env: io.env });
  for (const line of describeSecrets(plan)) io.log(`  secret ${line}`);
  return collectSecrets(plan, io.env, io.ask, io.log);
}

/** The site's address: SITE_API_URL / SITE_URL when a developer sets them, else learnt from Cloudflare (discoverSite). */
async function siteAddress(io: DeployIO, accountId: string): Promise<SiteAddress> {
  const override = addressOverride(io.env);
  const api = await io.cloudflare(io.wrangler);
  if (!api) throw new DeployError("wrangler holds no Cloudflare credential to read the site's address with: run `npx wrangler login`.");
  const found = await discoverSite(api, accountId, io.config.name, io.config.workersDev);
  const address = {
    exists: found.exists,
    apiUrl: override.apiUrl ?? found.apiUrl,
    siteUrl: override.siteUrl ?? override.apiUrl ?? found.siteUrl,
  };
  io.log(
    `Site: ${address.siteUrl ?? "(its address comes with the first deploy)"}${address.apiUrl && address.apiUrl !== address.siteUrl ? `, API at ${address.apiUrl}` : ""}`,
  );
  return address;
}

/**
 * Before a first deploy: a KV namespace of the title wrangler's provisioning gives the cache, left by a first deploy that
 * failed after creating it, would make every later first deploy fail on a duplicate title. No worker uses it (there is
 * no worker yet) and it only ever held the API cache, so it is removed and wrangler creates it again.
 */
async function removeOrphanCache(wrangler: Wrangler, config: DeployConfig, log: (line: string) => void): Promise<void> {
  const titles = new Set(config.kv.filter((kv) => !kv.id).map((kv) => provisionedKvTitle(config.name, kv.binding)));
  if (!titles.size) return;
  for (const namespace of await kvNamespaces(wrangler)) {
    if (!titles.has(namespace.title)) continue;
    log(
      `KV namespace ${namespace.title}: left by an earlier first deploy that stopped, with no worker using it; removing it so the deploy can create it again`,
    );
    await deleteKvNamespace(wrangler, namespace.id);
  }
}

/** The admin password, asked for (it is needed to start the first sync); throws without a terminal. */
async function askPassword(io: DeployIO): Promise<string> {
  const secret = WORKER_SECRETS.find((s) => s.name === "ADMIN_PASSWORD")!;
  const typed = io.ask ? await io.ask(secret) : "";
  if (!typed)
    throw new DeployError("The catalogue was never published: the first sync needs the admin password (type it, or set ADMIN_PASSWORD).");
  return typed;
}
