/** Build step: the Content-Security-Policy of the built site, written into dist/_headers. */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { z } from "zod";
import { contentSecurityPolicy, inlineScriptHashes, loadsAnalyticsBeacon, withCsp } from "./csp.ts";

/** What a page's inline scripts hash to and whether it loads the analytics beacon, remembered with the size and file time of the page it was read from. */
const Remembered = z.record(
  z.string(),
  z.object({ size: z.number(), mtimeMs: z.number(), hashes: z.array(z.string()), beacon: z.boolean().default(false) }),
);

async function readRemembered(file: string | undefined): Promise<z.infer<typeof Remembered>> {
  if (!file) return {};
  try {
    return Remembered.parse(JSON.parse(await readFile(file, "utf8")));
  } catch {
    return {};
  }
}

/**
 * Hashes every inline script of every built page in `dir` and adds the resulting policy to `dir/_headers` (allowing
 * Turnstile when the build has PUBLIC_TURNSTILE_SITE_KEY, and the Web Analytics beacon when a page loads it); returns the policy. With `memoFile` (kept in the build cache), a page of the same size and file time as when it was last read
 * (a page the build reused, left untouched) is not read again: its hashes come from the memo, which is then rewritten.
 */
export async function writeCspHeaders(dir: string, memoFile?: string): Promise<string> {
  const remembered = await readRemembered(memoFile);
  const next: z.infer<typeof Remembered> = {};
  const hashes = new Set<string>();
  let analytics = false;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path);
    const { size, mtimeMs } = await stat(path);
    const known = remembered[name];
    let page = known && known.size === size && known.mtimeMs === mtimeMs ? known : null;
    if (!page) {
      const html = await readFile(path, "utf8");
      page = { size, mtimeMs, hashes: inlineScriptHashes(html), beacon: loadsAnalyticsBeacon(html) };
    }
    next[name] = page;
    for (const hash of page.hashes) hashes.add(hash);
    analytics ||= page.beacon;
  }
  if (memoFile) await writeFile(memoFile, JSON.stringify(next));
  const policy = contentSecurityPolicy(hashes, { turnstile: Boolean(process.env.PUBLIC_TURNSTILE_SITE_KEY), analytics });
  const headersFile = join(dir, "_headers");
  await writeFile(headersFile, withCsp(await readFile(headersFile, "utf8"), policy));
  return policy;
}
