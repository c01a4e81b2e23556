import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { WORKER_SECRETS } from "#contract/worker-secrets";
import { MIN_NODE } from "../lib/check-node.ts";
import { ROOT } from "../lib/quiet-env.ts";
import type { DeployConfig } from "./config.ts";

/** The commands the Deploy to Cloudflare button takes from package.json's `build` and `deploy` scripts for Workers Builds. */
const HOSTED_SCRIPTS = { build: "node scripts/hosted-build.ts", deploy: "node scripts/deploy.ts" } as const;

type PackageJson = {
  engines?: { node?: string };
  scripts?: Record<string, string>;
  cloudflare?: { bindings?: Record<string, { description?: string }> };
};

/** The names a dotenv file sets, in order. */
const dotenvNames = (text: string) => [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

/**
 * What would keep this repository from working as a Deploy to Cloudflare template, one sentence each (none: it works):
 * no account id or resource id in wrangler.toml (every resource is provisioned from it), the build and deploy scripts
 * the button runs, `.dev.vars.example` holding exactly the secrets a dealer must type with a description of each in
 * `cloudflare.bindings`, and `engines`, `.node-version` and the scripts' own Node check agreeing.
 */
export function templateProblems(config: DeployConfig, root = ROOT): string[] {
  const problems: string[] = [];
  const pkg = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")) as PackageJson;
  if (config.accountId) problems.push("wrangler.toml pins an account_id: a template deploys to whichever account signs in");
  if (config.d1.id || config.kv.some((kv) => kv.id))
    problems.push("wrangler.toml pins a resource id: every resource must be found or made by name on the account that deploys");
  for (const [script, command] of Object.entries(HOSTED_SCRIPTS))
    if (pkg.scripts?.[script] !== command)
      problems.push(`package.json's "${script}" script must be \`${command}\` (the button gives it to Workers Builds)`);
  const required = WORKER_SECRETS.filter((s) => s.required).map((s) => s.name);
  const asked = dotenvNames(readFileSync(resolve(root, ".dev.vars.example"), "utf8"));
  if (asked.join() !== required.join())
    problems.push(
      `.dev.vars.example must list exactly the secrets a dealer types (${required.join(", ")}), not ${asked.join(", ") || "none"}`,
    );
  for (const name of asked)
    if (!pkg.cloudflare?.bindings?.[name]?.description?.trim())
      problems.push(`package.json's cloudflare.bindings.${name}.description is missing: the button shows it beside the field`);
  const min = `${MIN_NODE[0]}.${MIN_NODE[1]}`;
  if (pkg.engines?.node !== `>=${min}`) problems.push(`package.json's engines.node must be ">=${min}", the scripts' own minimum`);
  const pinned = readFileSync(resolve(root, ".node-version"), "utf8").trim();
  if (!/^\d+(\.\d+){0,2}$/.test(pinned) || Number(pinned.split(".")[0]) < MIN_NODE[0])
    problems.push(`.node-version (${pinned}) must name a Node of at least ${min} for Workers Builds`);
  return problems;
}
