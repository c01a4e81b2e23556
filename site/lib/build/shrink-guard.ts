import { readFile } from "node:fs/promises";
import { z } from "zod";
import { API_PATHS } from "#contract/api-paths";
import { ConfirmedRemovalsSchema, type ConfirmedRemovals } from "#contract/public-api";
import { apiGet } from "./api";

/** The environment variable with which the operator lets a sharply shrunk catalogue publish (`1`). */
export const ALLOW_SHRINK_ENV = "ALLOW_CATALOGUE_SHRINK";

/** What `/build-info.json` says about a build's catalogue: when it ran, distinct items, and per category (builds since the guard). */
const Counts = z.object({
  builtAt: z.string().optional(),
  items: z.number().int().min(0),
  categories: z.record(z.string(), z.number().int().min(0)).optional(),
});

/** A build's catalogue counts as `/build-info.json` publishes them. */
export type CatalogueCounts = z.output<typeof Counts>;

/** A count is a sharp shrink when it falls to 0 or loses more than half. */
const shrankSharply = (live: number, next: number) => live > 0 && (next === 0 || next < live / 2);

/**
 * Each sharp shrink of `next` against `live` as `what: N -> M items` (per category when both builds count them, else
 * the total); none when it did not shrink sharply. The `confirmed` categories (the operator confirmed their removal in
 * the admin panel) may shrink: they are left out, of the whole catalogue's count too.
 */
export function sharpShrinks(live: CatalogueCounts, next: CatalogueCounts, confirmed: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  const { categories: was, items } = live;
  const { categories: now } = next;
  const perCategory = was !== undefined && now !== undefined;
  if (perCategory) {
    for (const [category, count] of Object.entries(was)) {
      const left = now[category] ?? 0;
      if (!confirmed.has(category) && shrankSharply(count, left)) found.push(`${category}: ${count} -> ${left} items`);
    }
  }
  const without = (counts: Record<string, number>) =>
    Object.entries(counts)
      .filter(([c]) => confirmed.has(c))
      .reduce((n, [, k]) => n + k, 0);
  const [before, after] = perCategory ? [items - without(was), next.items - without(now)] : [items, next.items];
  if (shrankSharply(before, after)) found.push(`whole catalogue: ${before} -> ${after} items`);
  return found;
}

/**
 * The categories whose removal the operator confirmed after the live build (`builtAt`), as the worker lists them; none
 * when they cannot be read (the guard then refuses any sharp shrink, as it did before confirmations).
 */
async function confirmedSince(
  read: () => Promise<ConfirmedRemovals["removals"]>,
  builtAt: string | undefined,
  log: (line: string) => void,
): Promise<Set<string>> {
  try {
    const removals = await read();
    return new Set(removals.filter((r) => builtAt === undefined || r.appliedAt > builtAt).map((r) => r.category));
  } catch (error) {
    log(`catalogue shrink check: the confirmed removals could not be read (${error instanceof Error ? error.message : String(error)})`);
    return new Set();
  }
}

/** The worker's confirmed removals (`GET /api/build/confirmed-removals`). */
async function readConfirmedRemovals(): Promise<ConfirmedRemovals["removals"]> {
  return (await apiGet(`${API_PATHS.build}/confirmed-removals`, ConfirmedRemovalsSchema, "catalogue")).removals;
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

/**
 * What the guard needs: the finished build's folder, the live site, the operator's consent, a logger, and where the
 * removals the operator confirmed in the admin panel are read (the worker, by default).
 */
export type ShrinkGuardOptions = {
  outDir: URL;
  liveUrl: string;
  allow: boolean;
  log: (line: string) => void;
  confirmed?: () => Promise<ConfirmedRemovals["removals"]>;
};

/**
 * Refuses (throws, failing the build before anything is published) when the finished build's catalogue shrank
 * sharply against the live site's, unless the operator allowed it (for the whole build, or for a category by
 * confirming its removal in the admin panel since the live build); says why in either case.
 */
export async function guardCatalogueShrink({
  outDir,
  liveUrl,
  allow,
  log,
  confirmed = readConfirmedRemovals,
}: ShrinkGuardOptions): Promise<void> {
  const next = Counts.parse(JSON.parse(await readFile(new URL("build-info.json", outDir), "utf8")));
  const live = await liveCounts(liveUrl);
  if (typeof live === "string") {
    log(`catalogue shrink check skipped: ${live}`);
    return;
  }
  const allowed = await confirmedSince(confirmed, live.builtAt, log);
  for (const category of allowed) {
    const [was, now] = [live.categories?.[category], next.categories?.[category] ?? 0];
    log(`catalogue shrink check: ${category} went from ${was ?? "?"} to ${now} items, as the operator confirmed in the admin panel`);
  }
  const shrinks = sharpShrinks(live, next, allowed);
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
