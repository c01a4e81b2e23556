import { WORKER_SECRETS, type WorkerSecret } from "#contract/worker-secrets";
import { DeployError } from "./account.ts";

/** How each secret is obtained this run: asked, taken from the environment, or already stored and kept (or skipped, optional). */
export type SecretsPlan = { ask: WorkerSecret[]; fromEnv: WorkerSecret[]; keep: string[]; skip: string[] };

/** What decides the plan: the names the worker has (null: no worker yet), names to ask for again, wrangler.toml's [vars], the environment. */
export type SecretsContext = {
  stored: string[] | null;
  again: string[];
  vars: Record<string, string>;
  env: NodeJS.ProcessEnv;
  list?: readonly WorkerSecret[];
};

/**
 * Which secrets to set: a required one the worker lacks (or named by `--secret`) is taken from the environment when
 * set there, else asked; an optional one only at the first deploy (unless it is not `askedFirst`) or when named; one wrangler.toml's [vars] sets is left to it.
 */
export function planSecrets({ stored, again, vars, env, list = WORKER_SECRETS }: SecretsContext): SecretsPlan {
  const plan: SecretsPlan = { ask: [], fromEnv: [], keep: [], skip: [] };
  for (const unknown of again.filter((name) => !list.some((s) => s.name === name)))
    throw new DeployError(`--secret ${unknown}: not a secret the worker reads (${list.map((s) => s.name).join(", ")})`);
  for (const secret of list) {
    if (secret.name in vars) continue;
    const named = again.includes(secret.name);
    const missing = stored === null || !stored.includes(secret.name);
    if (!named && !missing) plan.keep.push(secret.name);
    else if (!named && !secret.required && (stored !== null || secret.askedFirst === false) && !env[secret.name])
      plan.skip.push(secret.name);
    else if (env[secret.name]) plan.fromEnv.push(secret);
    else plan.ask.push(secret);
  }
  return plan;
}

/** Asks for one secret's value without echoing it; "" when skipped. */
export type AskSecret = (secret: WorkerSecret) => Promise<string>;

/**
 * The values to store: the environment's and asked ones (asked again while `check` refuses one; an
 * optional one left empty is skipped). Throws naming what is missing when there is no terminal to ask on.
 */
export async function collectSecrets(
  plan: SecretsPlan,
  env: NodeJS.ProcessEnv,
  ask: AskSecret | null,
  log: (line: string) => void = console.log,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const secret of plan.fromEnv) {
    const problem = secret.check?.(env[secret.name]!);
    if (problem) throw new DeployError(`${secret.name} (from the environment) ${problem}`);
    values[secret.name] = env[secret.name]!;
  }
  if (plan.ask.length && !ask) {
    const required = plan.ask.filter((s) => s.required).map((s) => s.name);
    if (required.length)
      throw new DeployError(`No terminal to ask on: set ${required.join(", ")} in the environment (e.g. NOTION_TOKEN=… npm run deploy).`);
  }
  for (const secret of ask ? plan.ask : []) {
    for (;;) {
      const value = await ask!(secret);
      if (!value && !secret.required) break;
      const problem = value ? secret.check?.(value) : "must not be empty";
      if (!problem) {
        values[secret.name] = value;
        break;
      }
      log(`  ${secret.name} ${problem}; try again.`);
    }
  }
  return values;
}

/** The plan as lines naming each secret (in the list's order), never a value. */
export function describeSecrets(plan: SecretsPlan, list: readonly WorkerSecret[] = WORKER_SECRETS): string[] {
  const lines = new Map<string, string>([
    ...plan.keep.map((name) => [name, `${name}: stored on the worker, kept`] as const),
    ...plan.fromEnv.map((s) => [s.name, `${s.name}: from the environment`] as const),
    ...plan.ask.map((s) => [s.name, `${s.name}: asked (${s.required ? "required" : "optional, Enter skips"}): ${s.purpose}`] as const),
    ...plan.skip.map((name) => {
      const secret = list.find((s) => s.name === name);
      return [
        name,
        secret?.askedFirst === false
          ? `${name}: not asked (optional): ${secret.purpose}`
          : `${name}: not set (optional; \`npm run deploy -- --secret ${name}\` sets it)`,
      ] as const;
    }),
  ]);
  return list.flatMap((s) => lines.get(s.name) ?? []);
}
