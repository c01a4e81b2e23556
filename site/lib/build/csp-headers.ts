/** Build step: the Content-Security-Policy of the built site, written into dist/_headers. */
import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { z } from "zod";
import { contentSecurityPolicy, inlineScriptHashes, loadsAnalyticsBeacon, withCsp } from "./csp.ts";

/**
 * What the pages need of the policy: by page, its size, file time and content digest when last read (and its cached
 * copy's file time); by content digest, its inline scripts' hashes and whether it loads the analytics beacon.
 */
const Remembered = z.object({
  pages: z.record(
    z.string(),
    z.object({ size: z.number(), mtimeMs: z.number(), digest: z.string(), cachedMtimeMs: z.nullable(z.number()) }),
  ),
  contents: z.record(z.string(), z.object({ hashes: z.array(z.string()), beacon: z.boolean() })),
});

type Memo = z.infer<typeof Remembered>;

async function readRemembered(file: string | undefined): Promise<Memo> {
  if (!file) return { pages: {}, contents: {} };
  try {
    return Remembered.parse(JSON.parse(await readFile(file, "utf8")));
  } catch {
    return { pages: {}, contents: {} };
  }
}

/**
 * Hashes every inline script of every built page in `dir` and adds the resulting policy to `dir/_headers` (allowing
 * Turnstile when the build has PUBLIC_TURNSTILE_SITE_KEY, and the Web Analytics beacon when a page loads it); returns
 * the policy. With `memoFile` (kept in the build cache) a page is read only when new to it: not when it has the same
 * size and file time as when last read (reused in place), nor when it is a copy of Astro's cached page in `cachedPages`
 * that has not changed since (reused as a copy: Astro rewrites that copy whenever it renders the page), and it is
 * parsed only when its content is new to the memo. The memo is then rewritten with this build's pages.
 */
export async function writeCspHeaders(dir: string, memoFile?: string, cachedPages?: string): Promise<string> {
  const remembered = await readRemembered(memoFile);
  const next: Memo = { pages: {}, contents: {} };
  const hashes = new Set<string>();
  let analytics = false;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path);
    const { size, mtimeMs } = await stat(path);
    const cached = cachedPages ? await stat(join(cachedPages, name)).catch(() => null) : null;
    const cachedMtimeMs = cached?.size === size ? cached.mtimeMs : null;
    const known = remembered.pages[name];
    const unchanged =
      known !== undefined &&
      known.size === size &&
      (known.mtimeMs === mtimeMs || (cachedMtimeMs !== null && known.cachedMtimeMs === cachedMtimeMs));
    let digest = unchanged ? known.digest : null;
    let content = digest === null ? undefined : remembered.contents[digest];
    if (digest === null || content === undefined) {
      const html = await readFile(path, "utf8");
      digest = createHash("sha256").update(html).digest("base64");
      content = remembered.contents[digest] ?? { hashes: inlineScriptHashes(html), beacon: loadsAnalyticsBeacon(html) };
    }
    next.pages[name] = { size, mtimeMs, digest, cachedMtimeMs };
    next.contents[digest] = content;
    for (const hash of content.hashes) hashes.add(hash);
    analytics ||= content.beacon;
  }
  if (memoFile) await writeFile(memoFile, JSON.stringify(next));
  const policy = contentSecurityPolicy(hashes, { turnstile: Boolean(process.env.PUBLIC_TURNSTILE_SITE_KEY), analytics });
  const headersFile = join(dir, "_headers");
  await writeFile(headersFile, withCsp(await readFile(headersFile, "utf8"), policy));
  return policy;
}
