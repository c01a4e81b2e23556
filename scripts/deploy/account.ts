import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Wrangler } from "./wrangler.ts";

/** A failure the dealer can act on: printed as it is, without a stack. */
export class DeployError extends Error {}

/** The JSON a `--json` command printed: from the first line that opens an array or object (a warning such as `▲ [WARNING] …` may come first). */
export function jsonIn<T>(out: string): T {
  const at = /^[[{]/m.exec(out);
  if (!at) throw new DeployError(`wrangler printed no JSON:\n${tail(out)}`);
  return JSON.parse(out.slice(at.index)) as T;
}

/** The last lines of a command's output, for an error message. */
const tail = (out: string) => out.trim().split("\n").slice(-12).join("\n");

/** A Cloudflare account wrangler is signed in to. */
export type Account = { id: string; name: string };

/** Fails unless wrangler is signed in to exactly one account (or CLOUDFLARE_ACCOUNT_ID picks one). Returns that account. */
export async function signedIn(wrangler: Wrangler, env: NodeJS.ProcessEnv = process.env): Promise<Account> {
  const { code, out } = await wrangler(["whoami", "--json"]);
  let answer: { loggedIn?: boolean; accounts?: { id: string; name: string }[] } = {};
  try {
    answer = jsonIn<typeof answer>(out);
  } catch {
    // not JSON: handled below
  }
  if (code !== 0 || !answer.loggedIn)
    throw new DeployError(
      "Not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then `npm run deploy` again.",
    );
  const accounts = answer.accounts ?? [];
  const chosen = env.CLOUDFLARE_ACCOUNT_ID;
  if (chosen) {
    const account = accounts.find((a) => a.id === chosen);
    if (!account) throw new DeployError(`CLOUDFLARE_ACCOUNT_ID=${chosen} is not one of this login's accounts.`);
    return account;
  }
  if (accounts.length > 1)
    throw new DeployError(
      `This login has ${accounts.length} Cloudflare accounts; pick one with CLOUDFLARE_ACCOUNT_ID=<id> npm run deploy:\n${accounts.map((a) => `  ${a.id}  ${a.name}`).join("\n")}`,
    );
  const only = accounts[0];
  if (!only) throw new DeployError("This Cloudflare login has no account to deploy to.");
  return only;
}

/** Whether the account holds a D1 database of that name. */
export async function d1Exists(wrangler: Wrangler, name: string): Promise<boolean> {
  const { code, out } = await wrangler(["d1", "list", "--json"]);
  if (code !== 0) throw new DeployError(`Could not list the account's D1 databases:\n${tail(out)}`);
  const list = jsonIn<{ name: string }[]>(out);
  return list.some((db) => db.name === name);
}

/** Creates the D1 database (its id is found by name from then on). */
export async function createD1(wrangler: Wrangler, name: string): Promise<void> {
  const { code, out } = await wrangler(["d1", "create", name], { show: true });
  if (code !== 0) throw new DeployError(`Could not create the D1 database ${name}:\n${tail(out)}`);
}

/** The migrations not yet applied to the account's database, by file name. */
export async function pendingMigrations(wrangler: Wrangler, binding: string): Promise<string[]> {
  const { code, out } = await wrangler(["d1", "migrations", "list", binding, "--remote"]);
  if (code !== 0) throw new DeployError(`Could not list the D1 migrations:\n${tail(out)}`);
  return [...new Set(out.match(/\b\d{4}_[\w.-]+?\.sql\b/g) ?? [])];
}

/** Applies the pending migrations to the account's database. */
export async function applyMigrations(wrangler: Wrangler, binding: string): Promise<void> {
  const { code, out } = await wrangler(["d1", "migrations", "apply", binding, "--remote"], { show: true });
  if (code !== 0) throw new DeployError(`Applying the D1 migrations failed (the live worker was left as it was):\n${tail(out)}`);
}

/** The names of the secrets the deployed worker has, or null when the worker does not exist yet (a first deploy). */
export async function secretNames(wrangler: Wrangler, worker: string): Promise<string[] | null> {
  const { code, out } = await wrangler(["secret", "list", "--format", "json"]);
  if (code !== 0) {
    if (new RegExp(`Worker "${worker}".* not found|\\b10007\\b`).test(out)) return null;
    throw new DeployError(`Could not list the worker's secrets:\n${tail(out)}`);
  }
  return jsonIn<{ name: string }[]>(out).map((s) => s.name);
}

/** Stores secrets on the deployed worker through stdin (`wrangler secret bulk`: no file, no argument holds a value). */
export async function putSecrets(wrangler: Wrangler, values: Record<string, string>): Promise<void> {
  const { code, out } = await wrangler(["secret", "bulk"], { input: JSON.stringify(values), show: true });
  if (code !== 0) throw new DeployError(`Storing the secrets failed:\n${tail(out)}`);
}

/** What `wrangler deploy` reported in its machine-readable output: the addresses the worker answers on, and the bundle's size. */
export type Deployed = { targets: string[]; bundleBytes: number | null };

/** The `deploy` entry of wrangler's ND-JSON output file (WRANGLER_OUTPUT_FILE_PATH), one JSON object a line. */
export function deployedFrom(output: string): Deployed | null {
  const entries = output
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { type?: string; targets?: unknown; bundle_size?: { raw_bytes?: unknown } });
  const entry = entries.findLast((e) => e.type === "deploy");
  if (!entry) return null;
  const targets = Array.isArray(entry.targets) ? entry.targets.filter((t): t is string => typeof t === "string") : [];
  const raw = entry.bundle_size?.raw_bytes;
  return { targets, bundleBytes: typeof raw === "number" ? raw : null };
}

/** `wrangler deploy` with `args`; what it deployed, read from its machine-readable output (WRANGLER_OUTPUT_FILE_PATH), not its text. */
export async function deployWorker(wrangler: Wrangler, args: string[]): Promise<Deployed> {
  const dir = mkdtempSync(join(tmpdir(), "coin-op-wrangler-output-"));
  try {
    const file = join(dir, "output.ndjson");
    const { code, out } = await wrangler(["deploy", ...args], { show: true, env: { WRANGLER_OUTPUT_FILE_PATH: file } });
    if (code !== 0) throw new DeployError(`wrangler deploy failed:\n${tail(out)}`);
    let output = "";
    try {
      output = readFileSync(file, "utf8");
    } catch {
      // no output file: said below
    }
    const deployed = deployedFrom(output);
    if (!deployed) throw new DeployError("wrangler deploy reported no deployment in its output file (WRANGLER_OUTPUT_FILE_PATH)");
    return deployed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The account's KV namespaces (id and title). */
export async function kvNamespaces(wrangler: Wrangler): Promise<{ id: string; title: string }[]> {
  const { code, out } = await wrangler(["kv", "namespace", "list"]);
  if (code !== 0) throw new DeployError(`Could not list the account's KV namespaces:\n${tail(out)}`);
  return jsonIn<{ id: string; title: string }[]>(out);
}

/** Deletes a KV namespace by id. */
export async function deleteKvNamespace(wrangler: Wrangler, id: string): Promise<void> {
  const { code, out } = await wrangler(["kv", "namespace", "delete", "--namespace-id", id, "--skip-confirmation"], { show: true });
  if (code !== 0) throw new DeployError(`Could not remove the KV namespace ${id}:\n${tail(out)}`);
}

/** Whether the account's database holds a deploy hook pasted in the admin panel (false when it cannot be read). */
export async function panelHookSet(wrangler: Wrangler, binding: string): Promise<boolean> {
  const { code, out } = await wrangler([
    "d1",
    "execute",
    binding,
    "--remote",
    "--json",
    "--command",
    "SELECT count(*) AS n FROM site_settings WHERE key = 'deployHookUrl'",
  ]);
  if (code !== 0) return false;
  try {
    return (jsonIn<{ results?: { n?: number }[] }[]>(out)[0]?.results?.[0]?.n ?? 0) > 0;
  } catch {
    return false;
  }
}
