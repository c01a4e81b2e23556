import { realClock, type Clock, type Pacer } from "./pacer";
import { RetryAfterError, UpstreamError } from "./upstream-error";
import { errorMessage } from "../lib/errors";

/** What a sync run's requests cost: counted here, the one place every Notion request passes through. */
export type RequestStats = { requests: number; retries: number; rateLimited: number; downloads: number };

/**
 * Bounded retries: attempts in all (`maxAttempts`; of them at most `maxFailures` answered by a 5xx or a network
 * failure, default all), first back-off delay, longest wait slept within the call (a longer Retry-After throws
 * RetryAfterError rather than retry early).
 */
export type RetryPolicy = { maxAttempts: number; maxFailures?: number; baseDelayMs: number; maxDelayMs: number; attemptTimeoutMs: number };

/**
 * Defaults: 5 attempts with back-off from 0.3 s doubling (about 4.5 s of retrying, a little more than Notion's own
 * client), a Retry-After of up to 60 s slept within the call, 30 s per attempt.
 */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 300, maxDelayMs: 60_000, attemptTimeoutMs: 30_000 };

/**
 * Inside a workflow step, which the engine retries itself with longer waits: a 429's Retry-After of up to 60 s is still
 * slept here (a longer one the run sleeps, see `durableStep`), a 5xx or network failure retried only once before the
 * step fails and is retried.
 */
export const STEP_RETRY: RetryPolicy = { ...DEFAULT_RETRY, maxFailures: 2 };

/** Empty request counters. */
export function newStats(): RequestStats {
  return { requests: 0, retries: 0, rateLimited: 0, downloads: 0 };
}

type Options = {
  pacer?: Pacer;
  stats: RequestStats;
  policy?: RetryPolicy;
  clock?: Clock;
  fetcher?: typeof fetch;
  kind?: "api" | "download";
};

/**
 * A fetch that waits for the pacer, honours 429 Retry-After (pausing the whole run; a wait longer than the policy's
 * `maxDelayMs` throws RetryAfterError, never retrying before it) and retries 5xx and network failures with
 * exponential back-off for every method: Notion's POST queries are reads.
 */
export function pacedFetch(options: Options): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const policy = options.policy ?? DEFAULT_RETRY;
  const clock = options.clock ?? realClock;
  const fetcher = options.fetcher ?? ((u, i) => fetch(u, i));
  return async (url, init) => {
    for (let attempt = 1, failures = 1; ; attempt++) {
      await options.pacer?.take();
      if (options.kind === "download") options.stats.downloads++;
      else options.stats.requests++;
      const lastFailure = attempt >= policy.maxAttempts || failures >= (policy.maxFailures ?? policy.maxAttempts);
      const last = attempt >= policy.maxAttempts;
      let res: Response;
      try {
        res = await fetcher(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(policy.attemptTimeoutMs) });
      } catch (err) {
        if (lastFailure) throw new UpstreamError(`Could not reach ${hostOf(url)}: ${errorMessage(err)}`, true);
        options.stats.retries++;
        await clock.sleep(backoff(policy, failures++));
        continue;
      }
      const asked = res.status === 429 ? retryAfterMs(res.headers.get("retry-after"), clock.now()) : undefined;
      if (asked !== undefined && asked > policy.maxDelayMs) {
        options.stats.rateLimited++;
        await res.body?.cancel();
        throw new RetryAfterError(asked, hostOf(url));
      }
      if (!(res.status === 429 || res.status >= 500) || (res.status === 429 ? last : lastFailure)) return res;
      await res.body?.cancel();
      options.stats.retries++;
      if (res.status === 429) {
        options.stats.rateLimited++;
        const wait = asked ?? backoff(policy, attempt);
        options.pacer?.pauseFor(wait);
        await clock.sleep(wait);
      } else {
        await clock.sleep(backoff(policy, failures++));
      }
    }
  };
}

/** The host a request goes to, for messages. */
function hostOf(url: string | URL | Request): string {
  return new URL(String(url instanceof Request ? url.url : url)).host;
}

/** Exponential back-off with jitter for the given (1-based) attempt. */
function backoff(policy: RetryPolicy, attempt: number): number {
  const base = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(base * (0.75 + Math.random() * 0.5)));
}

/** Milliseconds a Retry-After header asks for (delta seconds or HTTP date), or undefined when absent/invalid. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
