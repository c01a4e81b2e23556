import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ROOT } from "../lib/quiet-env.ts";

/**
 * What a deploy from this copy remembers for the next one (`.wrangler/deploy.json`, not in git, readable by its owner
 * only): the site's address and the build token, which Cloudflare stores but never gives back.
 */
export type DeployState = { url?: string; buildToken?: string };

/** Where the state is kept (DEPLOY_STATE overrides it, for tests). */
export const statePath = (env: NodeJS.ProcessEnv = process.env) => env.DEPLOY_STATE ?? resolve(ROOT, ".wrangler", "deploy.json");

/** The remembered state, {} when there is none or it is unreadable. */
export function readState(path: string): DeployState {
  if (!existsSync(path)) return {};
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as DeployState;
    return {
      url: typeof parsed.url === "string" ? parsed.url : undefined,
      buildToken: typeof parsed.buildToken === "string" ? parsed.buildToken : undefined,
    };
  } catch {
    return {};
  }
}

/** Writes the state, mode 600. */
export function writeState(path: string, state: DeployState): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });
  chmodSync(path, 0o600);
}
