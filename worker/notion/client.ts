// Pinned so a client upgrade cannot change the shapes the sync reads.
import { NOTION_VERSION } from "#contract/notion";
import { Client, LogLevel } from "@notionhq/client";
import { createPacer, type Pacer } from "./pacer";
import { DEFAULT_RETRY, STEP_RETRY, newStats, pacedFetch, type RequestStats } from "./paced-fetch";
import { requestRate } from "./request-rate";
import { meterOf, meteredFetch } from "../lib/step-meter";
import { logEvent } from "../lib/log";

const pacers = new Map<number, Pacer>();

/**
 * The isolate's pacer: every run in this isolate draws from one bucket, so back-to-back table syncs (the admin
 * panel syncs table after table) do not each start with a fresh burst.
 */
function isolatePacer(env: Pick<Env, "NOTION_REQUESTS_PER_SECOND">): Pacer {
  const { rate, error } = requestRate(env.NOTION_REQUESTS_PER_SECOND);
  if (error) logEvent("config_error", { setting: "NOTION_REQUESTS_PER_SECOND", error });
  let pacer = pacers.get(rate);
  // A burst one short of the rate keeps a token of slack for network jitter bunching paced requests.
  if (!pacer) pacers.set(rate, (pacer = createPacer(rate, Math.max(1, rate - 1))));
  return pacer;
}

/** One sync run's Notion access: the client, a fetch for file downloads, and what they cost. */
export type NotionRun = { notion: Client; download: typeof fetch; stats: RequestStats; startedAt: number };

/**
 * A Notion client for one sync run. Retries live in `pacedFetch` only: the client's own retry is off because
 * it never retries a 5xx on POST, and data source queries are POST reads.
 */
export function notionRun(
  env: Pick<Env, "NOTION_TOKEN" | "NOTION_API_URL" | "NOTION_REQUESTS_PER_SECOND">,
  pacer: Pacer = isolatePacer(env),
): NotionRun {
  const stats = newStats();
  // In a sync step, each attempt counts against the step's subrequests.
  const meter = meterOf(env);
  const fetcher = meter ? meteredFetch(meter) : undefined;
  const policy = meter?.engineRetries ? STEP_RETRY : DEFAULT_RETRY;
  const notion = new Client({
    auth: env.NOTION_TOKEN,
    baseUrl: (env.NOTION_API_URL || "https://api.notion.com").replace(/\/+$/, ""),
    notionVersion: NOTION_VERSION,
    fetch: pacedFetch({ pacer, stats, fetcher, policy }),
    retry: false,
    // Pacing and retries happen inside the fetch, so the client's own timeout must cover them.
    timeoutMs: 10 * 60_000,
    logLevel: LogLevel.ERROR,
  });
  // File downloads (signed storage URLs) are not API calls: not paced, but retried the same way.
  const download = pacedFetch({ stats, kind: "download", fetcher, policy }) as typeof fetch;
  return { notion, download, stats, startedAt: Date.now() };
}
