import { mkdirSync } from "node:fs";
import { resolve } from "node:path";

/** Project root (scripts/lib/../..). */
export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Environment for wrangler/astro children: no metrics or telemetry (Astro's runs git and posts an event on every build,
 * CI or not), no prompts, config kept inside the project.
 */
export function quietEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const config = resolve(ROOT, ".config");
  mkdirSync(config, { recursive: true });
  return { ...process.env, XDG_CONFIG_HOME: config, WRANGLER_SEND_METRICS: "false", ASTRO_TELEMETRY_DISABLED: "1", CI: "true", ...extra };
}
