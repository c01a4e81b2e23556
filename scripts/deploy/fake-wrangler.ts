/**
 * A stand-in for `wrangler` in `deploy.test.ts`, put on PATH as `wrangler`: it answers the commands `npm run deploy`
 * uses as wrangler 4 does (same output shapes, exit codes and machine-readable output file), keeps an account's state in
 * the JSON file named by FAKE_WRANGLER_STATE (databases, migrations, the worker and its secrets, KV namespaces, buckets,
 * the admin panel's settings) and appends each call (argv, stdin, the secrets file's mode and content, the migrations
 * still pending when a worker was deployed) as a JSON line to FAKE_WRANGLER_LOG. `wrangler deploy` provisions as
 * wrangler's automatic provisioning does: a new worker's KV namespace is created under `{worker}-cache`, and a title
 * already taken fails the deploy.
 */
import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";

/** The account as the fake sees it; `fail` makes a command fail (`"apply"`, `"deploy"`; `"upload"`: deploy after provisioning). */
export type FakeAccount = {
  loggedIn: boolean;
  accounts: { id: string; name: string }[];
  /** The account's workers.dev subdomain. */
  subdomain: string;
  databases: string[];
  pending: string[];
  worker: { secrets: Record<string, string>; deployments: number } | null;
  kv: { id: string; title: string }[];
  buckets: string[];
  /** The custom domains routed to the worker. */
  domains: string[];
  /** `site_settings` keys set in the account's database. */
  settings: string[];
  /** KV namespaces made so far (each gets the next id). */
  kvMade?: number;
  fail?: string[];
};

/** One call as the fake recorded it. */
export type FakeCall = {
  argv: string[];
  stdin?: string;
  secretsFile?: { mode: number; values: Record<string, string> };
  /** For `deploy`: migrations not yet applied when the worker went out (none, when migrations came first). */
  pendingAtDeploy?: string[];
};

const WORKER = "coin-op-catalogue";
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

const words = argv.filter((a) => !a.startsWith("-"));
const command = words
  .slice(
    0,
    words[0] === "d1" ? (words[1] === "migrations" ? 3 : 2) : ["secret", "auth"].includes(words[0]!) ? 2 : words[0] === "kv" ? 3 : 1,
  )
  .join(" ");
if (account.fail?.some((f) => command.endsWith(f)))
  finish(1, `✘ [ERROR] ${command} failed: A request to the Cloudflare API failed. [code: 10000]`);
if (command !== "whoami" && !account.loggedIn) finish(1, "✘ [ERROR] Not logged in. Please run `wrangler login` to authenticate.");

switch (command) {
  case "whoami":
    if (!account.loggedIn) finish(1, JSON.stringify({ loggedIn: false }));
    finish(0, JSON.stringify({ loggedIn: true, authType: "OAuth Token", email: "dealer@example.com", accounts: account.accounts }));
    break;
  case "auth token":
    finish(0, JSON.stringify({ type: "oauth", token: "fake-oauth-token" }));
    break;
  case "d1 list":
    finish(0, JSON.stringify(account.databases.map((name, i) => ({ uuid: `uuid-${i}`, name, version: "production" }))));
    break;
  case "d1 create":
    account.databases.push(words[2]!);
    finish(0, `✅ Successfully created DB '${words[2]}' in region WEUR\nCreated your new D1 database.`);
    break;
  case "d1 execute": {
    const key = /key = '([^']+)'/.exec(flag("--command") ?? "")?.[1] ?? "";
    finish(0, JSON.stringify([{ results: [{ n: account.settings.includes(key) ? 1 : 0 }], success: true, meta: {} }]));
    break;
  }
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
      finish(1, `✘ [ERROR] Worker "${WORKER}" not found.\n\nIf this is a new Worker, run \`wrangler deploy\` first to create it.`);
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
  case "kv namespace list":
    finish(0, JSON.stringify(account.kv));
    break;
  case "kv namespace delete":
    account.kv = account.kv.filter((kv) => kv.id !== flag("--namespace-id"));
    finish(0, `Deleted KV namespace ${flag("--namespace-id")}.`);
    break;
  case "deploy": {
    const file = flag("--secrets-file");
    if (file)
      call.secretsFile = { mode: statSync(file).mode & 0o777, values: JSON.parse(readFileSync(file, "utf8")) as Record<string, string> };
    if (!account.worker) {
      // Automatic provisioning of what wrangler.toml binds without an id: the cache's KV namespace and the media bucket.
      const title = `${WORKER}-cache`;
      if (account.kv.some((kv) => kv.title === title))
        finish(1, `✘ [ERROR] A KV namespace with the title "${title}" already exists. [code: 10014]`);
      account.kvMade = (account.kvMade ?? 0) + 1;
      account.kv.push({ id: `kv-${account.kvMade}`, title });
      if (!account.buckets.includes("coin-op-media")) account.buckets.push("coin-op-media");
    }
    if (account.fail?.includes("upload"))
      finish(1, `✘ [ERROR] A request to the Cloudflare API (/workers/scripts/${WORKER}) failed. [code: 10000]`);
    call.pendingAtDeploy = [...account.pending];
    account.worker ??= { secrets: {}, deployments: 0 };
    account.worker.deployments += 1;
    Object.assign(account.worker.secrets, call.secretsFile?.values ?? {});
    const targets = [`https://${WORKER}.${account.subdomain}.workers.dev`, ...account.domains.map((d) => `https://${d}`)];
    const output = process.env.WRANGLER_OUTPUT_FILE_PATH;
    if (output)
      writeFileSync(
        output,
        [
          { type: "wrangler-session", version: 1, wrangler_version: "4.164.0", command_line_args: argv, log_file_path: "/dev/null" },
          {
            type: "deploy",
            version: 1,
            worker_name: WORKER,
            worker_tag: "tag",
            version_id: "6a1b2c3d",
            targets,
            bundle_size: { raw_bytes: 1218458, gzip_bytes: 222720 },
          },
        ]
          .map((entry) => JSON.stringify(entry))
          .join("\n") + "\n",
      );
    finish(
      0,
      `Total Upload: 1189.90 KiB / gzip: 217.50 KiB\nUploaded ${WORKER} (3.21 sec)\nDeployed ${WORKER} triggers (0.84 sec)\n  ${targets.join("\n  ")}\nCurrent Version ID: 6a1b2c3d`,
    );
    break;
  }
  default:
    finish(1, `✘ [ERROR] fake wrangler does not know: ${argv.join(" ")}`);
}
