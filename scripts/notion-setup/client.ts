import { Client, LogLevel } from "@notionhq/client";
import { NOTION_VERSION } from "#contract/notion";
import { SetupError } from "#workspace/setup/setup-error";

/** Notion's public API, used unless NOTION_API_URL names another Notion-compatible server. */
const DEFAULT_NOTION_API_URL = "https://api.notion.com";

/** Notion's documented average rate limit for an integration: the commands pace themselves to it. */
const NOTION_REQUESTS_PER_SECOND = 3;

/** Where the commands reach Notion and with which token. */
export type NotionEnv = { token: string; baseUrl: string };

/** NOTION_TOKEN and NOTION_API_URL (default Notion's public API); no token is refused with how to get one. */
export function notionEnv(env: NodeJS.ProcessEnv = process.env): NotionEnv {
  const token = env.NOTION_TOKEN?.trim();
  if (!token)
    throw new SetupError(
      "NOTION_TOKEN is not set. Create an internal integration at https://www.notion.so/profile/integrations, copy its " +
        "Internal Integration Secret, and run the command again with NOTION_TOKEN=<secret> in front of it.",
    );
  const baseUrl = (env.NOTION_API_URL?.trim() || DEFAULT_NOTION_API_URL).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(baseUrl))
    throw new SetupError(`NOTION_API_URL=${baseUrl} is not an http(s) address (leave it unset for Notion itself).`);
  return { token, baseUrl };
}

/** How often a request Notion answered 409 conflict_error (another edit saved at the same moment) is sent again, the wait doubling from 500 ms. */
const CONFLICT_RETRIES = 3;

/** Options of a command's client: its pace, and who hears of Notion asking it to slow down. */
export type ClientOptions = { requestsPerSecond?: number; onRateLimited?: (retryAfterSeconds: number | null) => void; maxRetries?: number };

/**
 * The real `@notionhq/client` pinned to the project's Notion-Version, paced to `requestsPerSecond` (0: unpaced),
 * retrying a 429 after its Retry-After (and a 5xx on reads) up to `maxRetries` times, and a 409 conflict_error (Notion
 * saved nothing: "try again") a few times.
 */
export function notionClient(env: NotionEnv, options: ClientOptions = {}): Client {
  return new Client({
    auth: env.token,
    baseUrl: env.baseUrl,
    notionVersion: NOTION_VERSION,
    fetch: pacedFetch(options.requestsPerSecond ?? NOTION_REQUESTS_PER_SECOND, options.onRateLimited ?? (() => {})),
    retry: { maxRetries: options.maxRetries ?? 5, initialRetryDelayMs: 1000, maxRetryDelayMs: 120_000 },
    // Failures reach the command as errors it explains; the client's own log lines would only repeat them.
    logLevel: LogLevel.ERROR,
    logger: () => {},
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` spacing requests 1/rate apart, sending a request Notion answered 409 again (up to CONFLICT_RETRIES times), and
 * telling `onRateLimited` of every 429 (the client then waits and retries).
 */
function pacedFetch(rate: number, onRateLimited: (seconds: number | null) => void): typeof fetch {
  let next = 0;
  return async (input, init) => {
    for (let conflicts = 0; ; conflicts++) {
      if (rate > 0) {
        const now = Date.now();
        const at = Math.max(now, next);
        next = at + 1000 / rate;
        if (at > now) await sleep(at - now);
      }
      const res = await fetch(input, init);
      if (res.status === 409 && conflicts < CONFLICT_RETRIES) {
        await res.body?.cancel();
        await sleep(500 * 2 ** conflicts);
        continue;
      }
      if (res.status === 429) {
        const seconds = Number(res.headers.get("retry-after"));
        onRateLimited(Number.isFinite(seconds) && res.headers.has("retry-after") ? seconds : null);
      }
      return res;
    }
  };
}
