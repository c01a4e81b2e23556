import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT } from "../lib/quiet-env.ts";

/** File in a local worker's state folder holding its BUILD_TOKEN. */
export const BUILD_TOKEN_FILE = "build-token";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The BUILD_TOKEN of the local worker kept in `persistTo`: made the first time (32 random bytes, base64url) and kept in
 * that folder (readable by its owner only), so the worker started on that state and every build of it agree, and two
 * state folders never share one.
 */
export function buildTokenFor(persistTo: string): string {
  const dir = resolve(ROOT, persistTo);
  const file = resolve(dir, BUILD_TOKEN_FILE);
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (TOKEN_SHAPE.test(kept)) return kept;
  } catch {
    // none yet
  }
  const token = randomBytes(32).toString("base64url");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
