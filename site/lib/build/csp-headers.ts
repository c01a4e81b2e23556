/** Build step: the Content-Security-Policy of the built site, written into dist/_headers. */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentSecurityPolicy, inlineScriptHashes, withCsp } from "./csp.ts";

/** Hashes every inline script of every built page in `dir` and adds the resulting policy to `dir/_headers`; returns the policy. */
export async function writeCspHeaders(dir: string): Promise<string> {
  const hashes = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    for (const hash of inlineScriptHashes(await readFile(join(entry.parentPath, entry.name), "utf8"))) hashes.add(hash);
  }
  const policy = contentSecurityPolicy(hashes);
  const headersFile = join(dir, "_headers");
  await writeFile(headersFile, withCsp(await readFile(headersFile, "utf8"), policy));
  return policy;
}
