/**
 * A stand-in for `wrangler` in `deploy.test.ts`, put on PATH as `wrangler`: it answers the commands `npm run deploy`
 * uses as wrangler 4 does (same output shapes and exit codes), keeps an account's state in the JSON file named by
 * FAKE_WRANGLER_STATE (databases, applied migrations, the worker and its secrets), and appends each call (argv, stdin,
 * the secrets file's mode and content, the assets folder's files) as a JSON line to FAKE_WRANGLER_LOG.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The account as the fake sees it; `fail` makes that command fail (`"apply"`, `"deploy"`). */
export type FakeAccount = {
  loggedIn: boolean;
  accounts: { id: string; name: string }[];
  databases: string[];
  pending: string[];
  worker: { secrets: Record<string, string> } | null;
  fail?: string[];
};

/** One call as the fake recorded it. */
export type FakeCall = {
  argv: string[];
  stdin?: string;
  secretsFile?: { mode: number; values: Record<string, string> };
  assets?: Record<string, string>;
};

const statePath = process.env.FAKE_WRANGLER_STATE!;
const account = JSON.parse(readFileSync(statePath, "utf8")) as FakeAccount;
const argv = process.argv.slice(2);
const call: FakeCall = { argv };
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const stdin = process.stdin.isTTY ? "" : readFileSync(0, "utf8");
if (stdin) call.stdin = stdin;

function finish(code: number, out: string): never {
  appendFileSync(process.env.FAKE_WRANGLER_LOG!, JSON.stringify(call) + "\n");
  writeFileSync(statePath, JSON.stringify(account));
  (code === 0 ? process.stdout : process.stderr).write(out + "\n");
  process.exit(code);
}

const command = argv.slice(0, argv[0] === "d1" || argv[0] === "secret" ? (argv[1] === "migrations" ? 3 : 2) : 1).join(" ");
if (account.fail?.some((f) => command.endsWith(f)))
  finish(1, `✘ [ERROR] ${command} failed: A request to the Cloudflare API failed. [code: 10000]`);
if (command !== "whoami" && !account.loggedIn) finish(1, "✘ [ERROR] You are not authenticated. Please run `wrangler login`.");

switch (command) {
  case "whoami":
    if (!account.loggedIn) finish(1, JSON.stringify({ loggedIn: false }));
    finish(0, JSON.stringify({ loggedIn: true, authType: "OAuth Token", email: "dealer@example.com", accounts: account.accounts }));
    break;
  case "d1 list":
    finish(0, JSON.stringify(account.databases.map((name, i) => ({ uuid: `uuid-${i}`, name, version: "production" }))));
    break;
  case "d1 create":
    account.databases.push(argv[2]!);
    finish(0, `✅ Successfully created DB '${argv[2]}' in region WEUR\nCreated your new D1 database.`);
    break;
  case "d1 migrations list":
    finish(
      0,
      account.pending.length
        ? `Migrations to be applied:\n┌──────┐\n│ Name │\n├──────┤\n${account.pending.map((m) => `│ ${m} │`).join("\n")}\n└──────┘`
        : "✅ No migrations to apply!",
    );
    break;
  case "d1 migrations apply":
    account.pending = [];
    finish(0, "🌀 Executing on remote database DB (coin-op-catalogue):\n✅ Applied migrations");
    break;
  case "secret list":
    if (!account.worker)
      finish(1, `✘ [ERROR] Worker "coin-op-catalogue" not found.\n\nIf this is a new Worker, run \`wrangler deploy\` first to create it.`);
    finish(0, JSON.stringify(Object.keys(account.worker.secrets).map((name) => ({ name, type: "secret_text" }))));
    break;
  case "secret bulk": {
    if (!account.worker) finish(1, "✘ [ERROR] no such worker");
    const values = JSON.parse(stdin) as Record<string, string>;
    Object.assign(account.worker.secrets, values);
    finish(
      0,
      Object.keys(values)
        .map((k) => `✨ Successfully created secret for key: ${k}`)
        .join("\n"),
    );
    break;
  }
  case "deploy": {
    const outdir = flag("--outdir");
    if (argv.includes("--dry-run") && outdir) {
      mkdirSync(outdir, { recursive: true });
      writeFileSync(join(outdir, "index.js"), "export default {};\n".repeat(1000));
      finish(0, "Total Upload: 18.55 KiB / gzip: 0.05 KiB\n--dry-run: exiting now.");
    }
    const file = flag("--secrets-file");
    if (file) {
      const values = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      call.secretsFile = { mode: statSync(file).mode & 0o777, values };
    }
    const assets = flag("--assets");
    if (assets && existsSync(assets))
      call.assets = Object.fromEntries(readdirSync(assets).map((f) => [f, readFileSync(join(assets, f), "utf8")]));
    account.worker ??= { secrets: {} };
    Object.assign(account.worker.secrets, call.secretsFile?.values ?? {});
    finish(
      0,
      "Total Upload: 1189.90 KiB / gzip: 217.50 KiB\nUploaded coin-op-catalogue (3.21 sec)\nDeployed coin-op-catalogue triggers (0.84 sec)\n  https://coin-op-catalogue.dealer.workers.dev\n  schedule: 0 4 * * *\nCurrent Version ID: 6a1b2c3d",
    );
    break;
  }
  default:
    finish(1, `✘ [ERROR] fake wrangler does not know: ${argv.join(" ")}`);
}
