import { readFile } from "node:fs/promises";
import { z } from "zod";

/** The environment variable with which the operator lets a sharply shrunk catalogue publish (`1`). */
export const ALLOW_SHRINK_ENV = "ALLOW_CATALOGUE_SHRINK";

/** What `/build-info.json` says about a build's catalogue: distinct items, and per category (builds since the guard). */
const Counts = z.object({ items: z.number().int().min(0), categories: z.record(z.string(), z.number().int().min(0)).optional() });

/** A build's catalogue counts as `/build-info.json` publishes them. */
export type CatalogueCounts = z.output<typeof Counts>;

/** A count is a sharp shrink when it falls to 0 or loses more than half. */
const shrankSharply = (live: number, next: number) => live > 0 && (next === 0 || next < live / 2);

/** Each sharp shrink of `next` against `live` as `what: N -> M items` (per category when both builds count them, else the total); none when it did not shrink sharply. */
export function sharpShrinks(live: CatalogueCounts, next: CatalogueCounts): string[] {
  const found: string[] = [];
  if (live.categories && next.categories) {
    for (const [category, count] of Object.entries(live.categories)) {
      const now = next.categories[category] ?? 0;
      if (shrankSharply(count, now)) found.push(`${category}: ${count} -> ${now} items`);
    }
  }
  if (shrankSharply(live.items, next.items)) found.push(`whole catalogue: ${live.items} -> ${next.items} items`);
  return found;
}

/** The live site's counts from `${liveUrl}/build-info.json`, or why there are none to compare with (first build, site down). */
async function liveCounts(liveUrl: string): Promise<CatalogueCounts | string> {
  const url = `${liveUrl.replace(/\/+$/, "")}/build-info.json`;
  try {
    // The query keeps a CDN copy of the file out of the answer; the static file itself ignores it.
    const res = await fetch(`${url}?at=${Date.now()}`, { signal: AbortSignal.timeout(15_000), headers: { "cache-control": "no-cache" } });
    if (!res.ok) return `${url} answered ${res.status}`;
    const parsed = Counts.safeParse(await res.json());
    return parsed.success ? parsed.data : `${url} holds no item counts`;
  } catch (error) {
    return `${url} could not be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** What the guard needs: the finished build's folder, the live site, the operator's consent, a logger. */
export type ShrinkGuardOptions = { outDir: URL; liveUrl: string; allow: boolean; log: (line: string) => void };

/**
 * Refuses (throws, failing the build before anything is published) when the finished build's catalogue shrank
 * sharply against the live site's, unless the operator allowed it; says why in either case.
 */
export async function guardCatalogueShrink({ outDir, liveUrl, allow, log }: ShrinkGuardOptions): Promise<void> {
  const next = Counts.parse(JSON.parse(await readFile(new URL("build-info.json", outDir), "utf8")));
  const live = await liveCounts(liveUrl);
  if (typeof live === "string") {
    log(`catalogue shrink check skipped: ${live}`);
    return;
  }
  const shrinks = sharpShrinks(live, next);
  if (shrinks.length === 0) {
    log(`catalogue shrink check passed: ${next.items} items (live site: ${live.items})`);
    return;
  }
  if (allow) {
    log(`catalogue shrank sharply against the live site (${shrinks.join("; ")}); publishing anyway, as ${ALLOW_SHRINK_ENV}=1 allows`);
    return;
  }
  throw new Error(
    `Refusing to publish: this build's catalogue shrank sharply against the live site ${liveUrl} (${shrinks.join("; ")}). ` +
      "A sync that failed part-way, or a Notion database no longer shared, does this: check the Notion Sync tab in /admin and sync again. " +
      `If the shrink is intended, build again with ${ALLOW_SHRINK_ENV}=1.`,
  );
}
