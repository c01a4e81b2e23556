import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { unstable_readConfig } from "wrangler";
import { parseStepBudget } from "#contract/step-budget";
import { ROOT } from "../lib/quiet-env.ts";

/** What `npm run deploy` needs from wrangler.toml. */
export type DeployConfig = {
  name: string;
  /** An account id pinned in the config (a template must hold none: it deploys to whichever account signs in). */
  accountId: string | null;
  d1: { binding: string; name: string; migrationsDir: string; id: string | null };
  kv: { binding: string; id: string | null }[];
  r2: { binding: string; bucket: string }[];
  vars: Record<string, string>;
  assetsDir: string;
  /** Whether the enquiry email's `[[send_email]]` binding (ENQUIRY_EMAIL) is declared. */
  sendEmail: boolean;
  /** Whether the worker answers on its workers.dev address (wrangler's default: yes). */
  workersDev: boolean;
};

/** Reads wrangler.toml as wrangler does (throwing wrangler's own message when it is invalid). */
export function readDeployConfig(configPath = resolve(ROOT, "wrangler.toml")): DeployConfig {
  const config = unstable_readConfig({ config: configPath });
  const db = config.d1_databases[0];
  const id = (value: unknown) => (typeof value === "string" && value ? value : null);
  return {
    name: config.name ?? "",
    accountId: id(config.account_id),
    d1: {
      binding: db?.binding ?? "",
      name: db?.database_name ?? "",
      migrationsDir: resolve(ROOT, db?.migrations_dir ?? "migrations"),
      id: id(db?.database_id),
    },
    kv: config.kv_namespaces.map((kv: { binding: string; id?: unknown }) => ({ binding: kv.binding, id: id(kv.id) })),
    r2: config.r2_buckets.map((r2: { binding: string; bucket_name?: string | symbol }) => ({
      binding: r2.binding,
      bucket: typeof r2.bucket_name === "string" ? r2.bucket_name : "",
    })),
    vars: Object.fromEntries(Object.entries(config.vars ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])),
    assetsDir: resolve(ROOT, config.assets?.directory ?? "dist"),
    sendEmail: config.send_email.some((binding: { name: string }) => binding.name === "ENQUIRY_EMAIL"),
    workersDev: config.workers_dev !== false,
  };
}

/** The title wrangler gives a KV namespace it creates for `binding` of `worker` (its automatic provisioning's naming). */
export const provisionedKvTitle = (worker: string, binding: string) => `${worker}-${binding.toLowerCase().replaceAll("_", "-")}`;

/** What in the config would make a deploy fail or misbehave, one sentence each (empty when it is fine). */
export function configProblems(config: DeployConfig): string[] {
  const problems: string[] = [];
  if (!config.name) problems.push("wrangler.toml has no `name`: the worker needs one");
  if (!config.d1.binding || !config.d1.name)
    problems.push("wrangler.toml binds no D1 database with a `database_name` (the deploy finds or creates the database by that name)");
  if (!existsSync(config.d1.migrationsDir)) problems.push(`the D1 migrations folder ${config.d1.migrationsDir} is missing`);
  for (const r2 of config.r2) if (!r2.bucket) problems.push(`R2 binding ${r2.binding} has no bucket_name`);
  const { error } = parseStepBudget(config.vars.SYNC_STEP_SUBREQUESTS);
  if (error) problems.push(error.replace(/; using \d+$/, ""));
  return problems;
}

/** The migration files in order (what `wrangler d1 migrations apply` would apply to an empty database). */
export function listMigrations(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
}
