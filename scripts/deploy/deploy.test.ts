import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WorkerSecret } from "#contract/worker-secrets";
import { listMigrations, readDeployConfig } from "./config.ts";
import type { FakeAccount, FakeCall } from "./fake-wrangler.ts";
import { deploy, type DeployOptions } from "./run-deploy.ts";
import type { Site } from "./site.ts";
import { wranglerOnPath } from "./wrangler.ts";

const config = readDeployConfig();
const MIGRATIONS = listMigrations(config.d1.migrationsDir);
const URL = "https://coin-op-catalogue.dealer.workers.dev";
const WEBHOOK = `${URL}/api/notion/webhook/5ecret-path`;
const TYPED = { NOTION_TOKEN: "ntn_typed-notion-token-123", ADMIN_PASSWORD: "typed admin passphrase" };

let dir: string;
let output: string[];
let events: string[];
/** Whether the live site answers /build-info.json (false: the first deploy's placeholder). */
let built: boolean;

/** A fresh account state and a PATH whose `wrangler` is the fake (scripts/deploy/fake-wrangler.ts). */
function account(state: Partial<FakeAccount>): NodeJS.ProcessEnv {
  const full: FakeAccount = {
    loggedIn: true,
    accounts: [{ id: "acc-1", name: "Dealer" }],
    databases: [],
    pending: [],
    worker: null,
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

/** Every wrangler call so far, in order. */
const calls = (): FakeCall[] =>
  existsSync(join(dir, "calls.jsonl"))
    ? readFileSync(join(dir, "calls.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as FakeCall)
    : [];
const commands = () => calls().map((c) => c.argv.filter((a) => !a.startsWith("/") && !a.includes(tmpdir())).join(" "));

/** The live site, recorded into the same sequence as wrangler's calls. */
const site: Site = {
  waitLive: async (url) => void events.push(`site: live ${url}`, ...commands().map((c) => `after: ${c}`)),
  hasBuild: async () => built,
  fullSync: async (url, password) => {
    events.push(`site: full sync ${url} with ${password === TYPED.ADMIN_PASSWORD ? "the typed password" : "another password"}`);
    return true;
  },
  build: async (apiUrl, siteUrl, token) => void events.push(`site: build from ${apiUrl} for ${siteUrl} with token ${token}`),
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

async function run(env: NodeJS.ProcessEnv, ask: ReturnType<typeof typing>["ask"] | null, options: Partial<DeployOptions> = {}) {
  const log = (line: string) => output.push(line);
  const original = console.log;
  console.log = (...args: unknown[]) => output.push(args.join(" "));
  try {
    return await deploy(
      { again: [], ...options },
      { config, wrangler: wranglerOnPath(env, log), site, ask, env, statePath: join(dir, "deploy.json"), log },
    );
  } finally {
    console.log = original;
  }
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
  built = true;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run deploy against a fake wrangler", { timeout: 60_000 }, () => {
  it("deploys a first time: database created, every migration applied, secrets stored with the worker, first sync, build, deploy", async () => {
    const env = account({ pending: MIGRATIONS });
    const { ask, asked } = typing({ NOTION_TOKEN: [TYPED.NOTION_TOKEN], ADMIN_PASSWORD: [TYPED.ADMIN_PASSWORD] });
    const result = await run(env, ask);

    expect(commands()).toEqual([
      "whoami --json",
      "d1 list --json",
      "d1 create coin-op-catalogue",
      "d1 migrations list DB --remote",
      "d1 migrations apply DB --remote",
      "secret list --format json",
      "deploy --assets --secrets-file",
      "deploy",
    ]);
    // Asked in the list's order, optional ones skipped with Enter.
    expect(asked).toEqual([
      "NOTION_TOKEN",
      "ADMIN_PASSWORD",
      "DEPLOY_HOOK_URL",
      "TURNSTILE_SECRET",
      "ENQUIRY_EMAIL_TO",
      "ENQUIRY_EMAIL_FROM",
    ]);
    const first = calls()[6]!;
    expect(first.assets?.["index.html"]).toContain("This catalogue is being set up");
    expect(first.secretsFile?.mode).toBe(0o600);
    const token = first.secretsFile!.values.BUILD_TOKEN!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.secretsFile?.values).toEqual({ ...TYPED, BUILD_TOKEN: token });
    // The secrets file is gone once the deploy that read it has ended.
    expect(existsSync(first.argv[first.argv.indexOf("--secrets-file") + 1]!)).toBe(false);

    // The live site is synced and built between the two deploys, with the token the worker was given.
    expect(events).toEqual([
      `site: live ${URL}`,
      ...commands()
        .slice(0, 7)
        .map((c) => `after: ${c}`),
      `site: full sync ${URL} with the typed password`,
      `site: build from ${URL} for ${URL} with token ${token}`,
    ]);
    expect(result).toEqual({ url: URL, webhookUrl: WEBHOOK, first: true, rebuilds: false });
    const state = join(dir, "deploy.json");
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(state, "utf8"))).toEqual({ url: URL, buildToken: token });
    // No secret is ever printed: not the typed ones, not the token.
    for (const secret of [...Object.values(TYPED), token]) expect(output.join("\n")).not.toContain(secret);
    expect(output).toContain("D1 database coin-op-catalogue: creating it");
  });

  it("deploys again: only pending migrations, before the worker goes out; stored secrets kept, nothing asked, no first sync", async () => {
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ url: URL, buildToken: "kept-token" }));
    const env = account({
      databases: ["coin-op-catalogue"],
      pending: ["0017_new_column.sql"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y", BUILD_TOKEN: "kept-token" } },
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
    ]);
    expect(asked).toEqual([]);
    expect(output).toContain("D1 migrations: applying 1 (0017_new_column.sql)");
    expect(output).toContain("  secret DEPLOY_HOOK_URL: not set (optional; `npm run deploy -- --secret DEPLOY_HOOK_URL` sets it)");
    expect(events.at(-1)).toBe(`site: build from ${URL} for ${URL} with token kept-token`);
    expect(events.some((e) => e.includes("full sync"))).toBe(false);
    // Without the admin password at hand, the webhook address is left to the admin panel.
    expect(result).toEqual({ url: URL, webhookUrl: null, first: false, rebuilds: false });
  });

  it("asks again for a secret named by --secret, refuses a short admin password, and stores the new one through stdin before the build", async () => {
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ url: URL, buildToken: "kept-token" }));
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y", BUILD_TOKEN: "kept-token", DEPLOY_HOOK_URL: "z" } },
    });
    const { ask, asked } = typing({ ADMIN_PASSWORD: ["too short", "a new long admin passphrase"] });
    const result = await run(env, ask, { again: ["ADMIN_PASSWORD"] });
    expect(asked).toEqual(["ADMIN_PASSWORD", "ADMIN_PASSWORD"]);
    expect(output).toContain("  ADMIN_PASSWORD must be at least 12 characters; try again.");
    const bulk = calls().find((c) => c.argv.join(" ") === "secret bulk")!;
    expect(JSON.parse(bulk.stdin!)).toEqual({ ADMIN_PASSWORD: "a new long admin passphrase" });
    expect(commands().indexOf("secret bulk")).toBeLessThan(commands().indexOf("deploy"));
    expect(output.join("\n")).not.toMatch(/too short|a new long admin passphrase/);
    // With the password typed, the webhook address is read from the admin API; the stored hook means rebuilds are set up.
    expect(result).toMatchObject({ webhookUrl: WEBHOOK, rebuilds: true });
  });

  it("makes a new build token when this copy holds none for a deployed worker, and stores it before the build", async () => {
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y", BUILD_TOKEN: "lost-token" } },
    });
    await run(env, typing({}).ask, { url: URL });
    const bulk = JSON.parse(calls().find((c) => c.argv.join(" ") === "secret bulk")!.stdin!) as Record<string, string>;
    expect(Object.keys(bulk)).toEqual(["BUILD_TOKEN"]);
    expect(bulk.BUILD_TOKEN).not.toBe("lost-token");
    expect(events.at(-1)).toBe(`site: build from ${URL} for ${URL} with token ${bulk.BUILD_TOKEN}`);
    expect(output).toContain(
      "  BUILD_TOKEN is new: if Workers Builds rebuilds the site, put the new one in its build variables (docs/deploy.md)",
    );
    expect(output.join("\n")).not.toContain(bulk.BUILD_TOKEN);
  });

  it("takes secrets from the environment without a terminal, and fails naming the required ones it lacks before anything is deployed", async () => {
    const env = { ...account({ databases: ["coin-op-catalogue"] }), NOTION_TOKEN: TYPED.NOTION_TOKEN };
    await expect(run(env, null)).rejects.toThrow(
      "No terminal to ask on: set ADMIN_PASSWORD in the environment (e.g. NOTION_TOKEN=… npm run deploy).",
    );
    expect(commands()).not.toContain("deploy");

    const withPassword = { ...env, ADMIN_PASSWORD: TYPED.ADMIN_PASSWORD };
    const result = await run(withPassword, null);
    expect(result.first).toBe(true);
    expect(calls().find((c) => c.secretsFile)!.secretsFile!.values).toMatchObject(TYPED);
    expect(output.join("\n")).not.toContain(TYPED.NOTION_TOKEN);
  });

  it("runs the first sync on a later deploy when the site was never built (a first deploy that stopped midway)", async () => {
    writeFileSync(join(dir, "deploy.json"), JSON.stringify({ url: URL, buildToken: "kept-token" }));
    built = false;
    const env = account({
      databases: ["coin-op-catalogue"],
      worker: { secrets: { NOTION_TOKEN: "x", ADMIN_PASSWORD: "y", BUILD_TOKEN: "kept-token" } },
    });
    await expect(run(env, null)).rejects.toThrow(
      "The site has never been built: the first sync needs the admin password (type it, or set ADMIN_PASSWORD).",
    );
    expect(commands()).not.toContain("deploy");
    const { ask } = typing({ ADMIN_PASSWORD: [TYPED.ADMIN_PASSWORD] });
    await run(env, ask);
    expect(events.filter((e) => e.startsWith("site: full sync") || e.startsWith("site: build"))).toEqual([
      `site: full sync ${URL} with the typed password`,
      `site: build from ${URL} for ${URL} with token kept-token`,
    ]);
  });

  it("stops before the worker goes out when a migration fails, and says why", async () => {
    const env = account({ databases: ["coin-op-catalogue"], pending: ["0017_new_column.sql"], fail: ["apply"] });
    await expect(run(env, typing({}).ask)).rejects.toThrow(/^Applying the D1 migrations failed \(the live worker was left as it was\):/);
    expect(commands().at(-1)).toBe("d1 migrations apply DB --remote");
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
