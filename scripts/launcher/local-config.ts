import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT } from "../lib/quiet-env.ts";

/** The local worker's config, beside wrangler.toml (so its relative paths hold) and kept out of git. */
const LOCAL_CONFIG = "wrangler.local.toml";

/**
 * The bindings the local worker has beyond wrangler.toml's: the enquiry email, which a deploy leaves out until the account
 * has Email Routing (`wrangler dev` writes each message to a .eml file under .wrangler/tmp/email/ and logs its path).
 */
const LOCAL_BINDINGS = `
# Added for the local worker only (scripts/launcher/local-config.ts).
[[send_email]]
name = "ENQUIRY_EMAIL"
`;

/**
 * Writes wrangler.toml plus the local bindings to LOCAL_CONFIG and returns its path. Written whole (so a concurrent
 * start never reads half of it), and only when its text changed: every running `wrangler dev` watches the file and
 * reloads its worker when it is replaced, which would cut short whatever another stack is doing.
 */
export function writeLocalConfig(root = ROOT): string {
  const path = resolve(root, LOCAL_CONFIG);
  const text = readFileSync(resolve(root, "wrangler.toml"), "utf8") + LOCAL_BINDINGS;
  if (existsSync(path) && readFileSync(path, "utf8") === text) return path;
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, text);
  renameSync(partial, path);
  return path;
}
