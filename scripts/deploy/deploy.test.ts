import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WorkerSecret } from "#contract/worker-secrets";
import type { CloudflareGet } from "./address.ts";
import { listMigrations, readDeployConfig } from "./config.ts";
import type { FakeAccount, FakeCall } from "./fake-wrangler.ts";
import type { Git } from "./repo.ts";
import { deploy, type DeployOptions } from "./run-deploy.ts";
import type { BuildTarget, Site } from "./site.ts";
import { wranglerOnPath } from "./wrangler.ts";

const config = readDeployConfig();
const MIGRATIONS = listMigrations(config.d1.migrationsDir);
const URL = "https://coin-op-catalogue.dealer.workers.dev";
const WEBHOOK = `${URL}/api/notion/webhook/5ecret-path`;
const TYPED = { NOTION_TOKEN: "ntn_typed-notion-token-123", ADMIN_PASSWORD: "typed admin passphrase" };
/** What a first deploy runs on a new account before its worker goes out, laptop or Workers Builds: migrations come first. */
const FIRST_DEPLOY_START = [
  "whoami --json",
  "d1 list --json",
  "d1 create coin-op-catalogue",
  "d1 migrations list DB --remote",
  "d1 migrations apply DB --remote",
  "secret list --format json",
  "kv namespace list",
];
const OPTIONAL = ["TURNSTILE_SECRET", "ENQUIRY_EMAIL_TO", "ENQUIRY_EMAIL_FROM"];

let dir: string;
let output: string[];
let events: string[];
/** Whether a sync ever published the live site's catalogue. */
let published: boolean;
/** What `git` answers in the project: in step with origin/main unless a test says otherwise. */
let gitAnswers: Record<string, string | null>;

/** A fresh account state and a PATH whose `wrangler` is the fake (scripts/deploy/fake-wrangler.ts). */
function account(state: Partial<FakeAccount>): NodeJS.ProcessEnv {
  const full: FakeAccount = {
    loggedIn: true,
    accounts: [{ id: "acc-1", name: "Dealer" }],
    subdomain: "dealer",
    databases: [],
    pending: [],
    worker: null,
    kv: [],
    buckets: [],
    domains: [],
    settings: [],
    ...state,
  };
  writeFileSync(join(dir, "account.json"), JSON.stringify(full));
  return {
    PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH}`,
    FAKE_WRANGLER_STATE: join(dir, "account.json"),
    FAKE_WRANGLER_LOG: join(dir, "calls.jsonl"),
    HOME: dir,
  };
}

const state = (): FakeAccount => JSON.parse(readFileSync(join(dir, "account.json"), "utf8")) as FakeAccount;

/** Cloudflare's API as the fake account answers it: the worker's workers.dev route, the account's subdomain, custom domains. */
const cloudflare = async (): Promise<CloudflareGet> => async (path) => {
  const now = state();
  if (path.endsWith("/scripts/coin-op-catalogue/subdomain")) return now.worker ? { enabled: true, previews_enabled: true } : null;
  if (path.endsWith("/workers/subdomain")) return { subdomain: now.subdomain };
  if (path.includes("/workers/domains?service=coin-op-catalogue"))
    return now.domains.map((hostname) => ({ hostname, service: "coin-op-catalogue", environment: "production" }));
  throw new Error(`unexpected API call ${path}`);
};

/** Every wrangler call so far, in order. */
const calls = (): FakeCall[] =>
  existsSync(join(dir, "calls.jsonl"))
    ? readFileSync(join(dir, "calls.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as FakeCall)
    : [];
const commands = () =>
  calls().map((c) => c.argv.filter((a) => !a.startsWith("/") && !a.includes(tmpdir()) && !a.startsWith("SELECT")).join(" "));

const describeBuild = (t: BuildTarget) =>
  t.nothingPublished ? `first-run site for ${t.siteUrl}` : `site from ${t.apiUrl} for ${t.siteUrl}`;

/** The live site, recorded into the same sequence as wrangler's calls. */
const site: Site = {
  waitLive: async (url) => void events.push(`site: live ${url}`),
  published: async () => published,
  fullSync: async (url, password) => {
    events.push(`site: full sync ${url} with ${password === TYPED.ADMIN_PASSWORD ? "the typed password" : "another password"}`);
    published = true;
    return true;
  },
  build: async (target) => void events.push(`build: ${describeBuild(target)} (after ${commands().at(-1)})`),
  webhookUrl: async () => WEBHOOK,
};

/** Answers each question as the dealer typing `typed[name]` would; records the questions. */
function typing(typed: Record<string, string[]>) {
  const asked: string[] = [];
  const ask = async (secret: WorkerSecret) => {
    asked.push(secret.name);
    return typed[secret.name]?.shift() ?? "";
  };
  return { ask, asked };
}

const git: Git = (args) => gitAnswers[args.join(" ")] ?? null;

async function run(env: NodeJS.ProcessEnv, ask: ReturnType<typeof typing>["ask"] | null, options: Partial<DeployOptions> = {}) {
  const log = (line: string) => output.push(line);
  return deploy(
    { hosted: false, built: false, again: [], allowUnpushed: false, ...options },
    { config, wrangler: wranglerOnPath(env, log), cloudflare, site, git, ask, env, log },
  );
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "deploy-test-"));
  // A real executable named `wrangler`, first on PATH: the fake, run by this Node.
  mkdirSync(join(dir, "bin"));
  const fake = resolve(import.meta.dirname, "fake-wrangler.ts");
  writeFileSync(join(dir, "bin", "wrangler"), `#!/bin/sh\nexec "${process.execPath}" "${fake}" "$@"\n`);
  chmodSync(join(dir, "bin", "wrangler"), 0o755);
  output = [];
  events = [];
  published = true;
  gitAnswers = {
    "rev-parse --is-inside-work-tree": "true",
    "status --porcelain --untracked-files=normal": "",
    "rev-list --left-right --count origin/main...HEAD": "0\t0",
  };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run deploy against a fake wrangler", { timeout: 60_000 }, () => {
  it("deploys a first time from a laptop: database, every migration before the worker, the first-run site with the secrets, first sync, build, deploy", async () => {
    const env = account({ pending: MIGRATIONS });
    published = false;
    const { ask, asked } = typing({ NOTION_TOKEN: [TYPED.NOTION_TOKEN], ADMIN_PASSWORD: [TYPED.ADMIN_PASSWORD] });
    const result = await run(env, ask);

    expect(commands()).toEqual([...FIRST_DEPLOY_START, "deploy --secrets-file", "deploy", "d1 execute DB --remote --json --command"]);
    expect(asked).toEqual(["NOTION_TOKEN", "ADMIN_PASSWORD", ...OPTIONAL]);
    // Migrations came first: no worker ever went out with one still pending.
    for (const c of calls().filter((c) => c.argv[0] === "deploy")) expect(c.pendingAtDeploy).toEqual([]);
    const first = calls().find((c) => c.argv[0] === "deploy")!;
    expect(first.secretsFile).toEqual({ mode: 0o600, values: TYPED });
    // The secrets file is gone once the deploy that read it has ended.
    expect(existsSync(first.argv[first.argv.indexOf("--secrets-file") + 1]!)).toBe(false);
    expect(events).toEqual([
      `build: first-run site for ${URL} (after kv namespace list)`,
      `site: live ${URL}`,
      `site: full sync ${URL} with the typed password`,
      `build: site from ${URL} for ${URL} (after deploy --secrets-file)`,
    ]);
    expect(result).toEqual({
      url: URL,
      siteUrl: URL,
      first: true,
      webhookUrl: WEBHOOK,
      off: [
        expect.stringMatching(/^Rebuilds after a sync: off \(no deploy hook\)/),
        expect.stringMatching(/^Enquiry email: off \(wrangler.toml declares no \[\[send_email\]\] binding/),
        expect.stringMatching(/^Turnstile: off/),
      ],
    });
    expect(state()).toMatchObject({ kv: [{ title: "coin-op-catalogue-cache" }], buckets: ["coin-op-media"] });
    // No secret is ever printed.
    for (const secret of Object.values(TYPED)) expect(output.join("\n")).not.toContain(secret);
    expect(output).toContain("D1 database coin-op-catalogue: creating it");
    expect(output).toContain(`D1 migrations: applying ${MIGRATIONS.length} (${MIGRATIONS.join(", ")}), before any new worker serves`);
  });

  it("deploys again: only pending migrations, before the worker goes out; stored secrets kept, nothing asked, no sync", async () => {
    const env = account({
      databases: ["coin-op-catalogue"],
      pending: ["0022_new_column.sql"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y", DEPLOY_HOOK_URL: "z" }, deployments: 3 },
    });
    const { ask, asked } = typing({});
    const result = await run(env, ask);
    expect(commands()).toEqual([
      "whoami --json",
      "d1 list --json",
      "d1 migrations list DB --remote",
      "d1 migrations apply DB --remote",
      "secret list --format json",
      "deploy",
      "d1 execute DB --remote --json --command",
    ]);
    expect(calls().find((c) => c.argv[0] === "deploy")!.pendingAtDeploy).toEqual([]);
    expect(asked).toEqual([]);
    expect(output).toContain("D1 migrations: applying 1 (0022_new_column.sql), before any new worker serves");
    expect(events).toEqual([`site: live ${URL}`, `build: site from ${URL} for ${URL} (after secret list --format json)`]);
    // Nothing typed: the webhook address (a secret) is left to the admin panel; the stored hook means rebuilds are on.
    expect(result).toMatchObject({ url: URL, first: false, webhookUrl: null });
    expect(result.off.some((line) => line.startsWith("Rebuilds"))).toBe(false);
  });

  it("counts a deploy hook pasted in the admin panel as rebuilds on, and names a custom domain as the site's address", async () => {
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 1 },
      settings: ["deployHookUrl"],
      domains: ["shop.example.com"],
    });
    const result = await run(env, null);
    expect(result).toMatchObject({ url: URL, siteUrl: "https://shop.example.com" });
    expect(result.off.some((line) => line.startsWith("Rebuilds"))).toBe(false);
    expect(events.at(-1)).toBe(`build: site from ${URL} for https://shop.example.com (after secret list --format json)`);
    expect(output).toContain(`Site: https://shop.example.com, API at ${URL}`);
  });

  it("takes SITE_API_URL and SITE_URL over what Cloudflare says (a developer's override)", async () => {
    const env = {
      ...account({ databases: ["coin-op-catalogue"], worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 1 } }),
      SITE_API_URL: "http://127.0.0.1:9999/",
      SITE_URL: "https://preview.example",
    };
    await run(env, null);
    expect(events.at(-1)).toBe("build: site from http://127.0.0.1:9999 for https://preview.example (after secret list --format json)");
  });

  it("asks again for a secret named by --secret, refuses a short admin password, and stores the new one through stdin before the build", async () => {
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 1 },
    });
    const { ask, asked } = typing({ ADMIN_PASSWORD: ["too short", "a new long admin passphrase"] });
    const result = await run(env, ask, { again: ["ADMIN_PASSWORD"] });
    expect(asked).toEqual(["ADMIN_PASSWORD", "ADMIN_PASSWORD"]);
    expect(output).toContain("  ADMIN_PASSWORD must be at least 12 characters; try again.");
    const bulk = calls().find((c) => c.argv.join(" ") === "secret bulk")!;
    expect(JSON.parse(bulk.stdin!)).toEqual({ ADMIN_PASSWORD: "a new long admin passphrase" });
    expect(commands().indexOf("secret bulk")).toBeLessThan(commands().indexOf("deploy"));
    expect(output.join("\n")).not.toMatch(/too short|a new long admin passphrase/);
    // Typed at this terminal: the webhook address is read from the admin API and shown.
    expect(result.webhookUrl).toBe(WEBHOOK);
  });

  it("takes secrets from the environment without a terminal, fails naming a missing required one before anything is deployed, and never gives the webhook address", async () => {
    const env = { ...account({ databases: ["coin-op-catalogue"] }), NOTION_TOKEN: TYPED.NOTION_TOKEN };
    await expect(run(env, null)).rejects.toThrow(
      "No terminal to ask on: set ADMIN_PASSWORD in the environment (e.g. NOTION_TOKEN=… npm run deploy).",
    );
    expect(commands()).not.toContain("deploy");

    published = false;
    const result = await run({ ...env, ADMIN_PASSWORD: TYPED.ADMIN_PASSWORD }, null);
    expect(result).toMatchObject({ first: true, webhookUrl: null });
    expect(calls().find((c) => c.secretsFile)!.secretsFile!.values).toEqual(TYPED);
    expect(output.join("\n")).not.toContain(TYPED.NOTION_TOKEN);
    expect(output.join("\n")).not.toContain("5ecret-path");
  });

  it("runs the first sync on a later deploy when the catalogue was never published (a first deploy that stopped midway)", async () => {
    published = false;
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 1 },
    });
    await expect(run(env, null)).rejects.toThrow(
      "The catalogue was never published: the first sync needs the admin password (type it, or set ADMIN_PASSWORD).",
    );
    expect(commands()).not.toContain("deploy");
    await run(env, typing({ ADMIN_PASSWORD: [TYPED.ADMIN_PASSWORD] }).ask);
    expect(events.filter((e) => !e.startsWith("site: live"))).toEqual([
      `site: full sync ${URL} with the typed password`,
      `build: site from ${URL} for ${URL} (after secret list --format json)`,
    ]);
  });

  it("reruns to success a first deploy whose upload failed after wrangler provisioned the cache's KV namespace", async () => {
    const env = account({ fail: ["upload"] });
    published = false;
    const typed = () => typing({ NOTION_TOKEN: [TYPED.NOTION_TOKEN], ADMIN_PASSWORD: [TYPED.ADMIN_PASSWORD] }).ask;
    await expect(run(env, typed())).rejects.toThrow(/^wrangler deploy failed:/);
    // Provisioned, no worker: the namespace's title would make wrangler refuse every later first deploy.
    expect(state()).toMatchObject({ worker: null, kv: [{ id: "kv-1", title: "coin-op-catalogue-cache" }] });
    writeFileSync(join(dir, "account.json"), JSON.stringify({ ...state(), fail: [] }));
    writeFileSync(join(dir, "calls.jsonl"), "");
    const result = await run(env, typed());
    expect(result).toMatchObject({ first: true, url: URL });
    expect(commands().slice(commands().indexOf("kv namespace list"), commands().indexOf("deploy --secrets-file") + 1)).toEqual([
      "kv namespace list",
      "kv namespace delete --namespace-id kv-1 --skip-confirmation",
      "deploy --secrets-file",
    ]);
    expect(state().kv).toEqual([{ id: "kv-2", title: "coin-op-catalogue-cache" }]);
    expect(output).toContain(
      "KV namespace coin-op-catalogue-cache: left by an earlier first deploy that stopped, with no worker using it; removing it so the deploy can create it again",
    );
  });

  it("stops before the worker goes out when a migration fails, and says why", async () => {
    const env = account({ databases: ["coin-op-catalogue"], pending: ["0022_new_column.sql"], fail: ["apply"] });
    await expect(run(env, typing({}).ask)).rejects.toThrow(/^Applying the D1 migrations failed \(the live worker was left as it was\):/);
    expect(commands().at(-1)).toBe("d1 migrations apply DB --remote");
  });

  it("refuses to deploy code the repository's main branch lacks, says why plainly, and deploys it with --allow-unpushed", async () => {
    gitAnswers["status --porcelain --untracked-files=normal"] = " M worker/index.ts\n?? notes.txt";
    gitAnswers["rev-list --left-right --count origin/main...HEAD"] = "1\t2";
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 1 },
    });
    const what =
      "this deploy puts out code your repository's main branch lacks: 2 files changed and not committed (worker/index.ts, notes.txt); 2 commits not on origin/main; 1 commit of origin/main missing here";
    await expect(run(env, null)).rejects.toThrow(
      `Not deployed: ${what}.\nWorkers Builds rebuilds the site from that branch after any Notion edit and replaces what you deploy here (even older code against a newer database).\nCommit and push first (git push), or deploy anyway with \`npm run deploy -- --allow-unpushed\`.`,
    );
    expect(commands()).toEqual(["whoami --json"]);
    await run(env, null, { allowUnpushed: true });
    expect(output).toContain(
      `Code: deploying anyway (--allow-unpushed): ${what}. Workers Builds rebuilds the site from that branch after any Notion edit and replaces what you deploy here (even older code against a newer database).`,
    );
    expect(commands()).toContain("deploy");
  });

  it("asks for wrangler login when signed out, and for CLOUDFLARE_ACCOUNT_ID when the login has several accounts", async () => {
    await expect(run(account({ loggedIn: false }), null)).rejects.toThrow(
      "Not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then `npm run deploy` again.",
    );
    const two = account({
      accounts: [
        { id: "a1", name: "Shop" },
        { id: "a2", name: "Home" },
      ],
    });
    await expect(run(two, null)).rejects.toThrow(
      "This login has 2 Cloudflare accounts; pick one with CLOUDFLARE_ACCOUNT_ID=<id> npm run deploy:",
    );
    expect(commands()).toEqual(["whoami --json", "whoami --json"]);
    await run({ ...two, CLOUDFLARE_ACCOUNT_ID: "a2", ...TYPED }, null);
    expect(output).toContain("Cloudflare account: Home");
  });
});

describe("npm run deploy as Workers Builds' deploy command", { timeout: 60_000 }, () => {
  it("deploys a first time unattended: migrations, then the first-run site the build command built, no secret asked, no sync", async () => {
    const env = account({ pending: MIGRATIONS });
    published = false;
    const result = await run(env, null, { hosted: true, built: true });
    expect(commands()).toEqual([...FIRST_DEPLOY_START, "deploy", "d1 execute DB --remote --json --command"]);
    const deployed = calls().find((c) => c.argv[0] === "deploy")!;
    expect(deployed.pendingAtDeploy).toEqual([]);
    expect(deployed.secretsFile).toBeUndefined();
    expect(events).toEqual([]);
    expect(result).toMatchObject({ url: URL, first: true, webhookUrl: null });
    expect(result.off).toHaveLength(3);
  });

  it("builds the site itself when the build command could not (no credential in the build step), then deploys", async () => {
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y" }, deployments: 2 },
    });
    await run(env, null, { hosted: true, built: false });
    expect(events).toEqual([`build: site from ${URL} for ${URL} (after secret list --format json)`]);
    expect(commands().at(-2)).toBe("deploy");
    // Unattended: git is never asked (Workers Builds deploys the repository's own commit).
    gitAnswers = {};
    await run(env, null, { hosted: true, built: true });
  });
});
