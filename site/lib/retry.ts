import { HttpError } from "./http";

/** How a retry loop decides: whether failure number `failures` (1 = first) is tried again, and after how many ms. */
export type RetryOptions = {
  retry: (failures: number, error: unknown) => boolean;
  delay: (failures: number, error: unknown) => number;
  /** Told before each wait (e.g. to log it). */
  onRetry?: (failures: number, error: unknown, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds or `retry` declines, waiting `delay` between tries; rejects with the last error. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let failures = 0; ;) {
    try {
      return await attempt();
    } catch (error) {
      failures += 1;
      if (!options.retry(failures, error)) throw error;
      const ms = options.delay(failures, error);
      options.onRetry?.(failures, error, ms);
      await (options.sleep ?? wait)(ms);
    }
  }
}

const TRANSIENT_STATUSES = new Set([408, 425, 429]);

/** True for failures another try may cure: no answer (network error, connection cut, timeout), 408, 425, 429 and 5xx. */
export function isTransient(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500 || TRANSIENT_STATUSES.has(error.status);
  if (error instanceof Error && error.name === "TimeoutError") return true;
  // fetch rejects with a TypeError when it gets no answer (refused, reset, DNS) or the body is cut short.
  return error instanceof TypeError;
}

/** Exponential backoff: `baseMs` doubling with each failure, capped at `maxMs`. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** (failures - 1), maxMs);
}

/** The wait before the next try: the answer's Retry-After when it sent one (capped at `maxMs`), else exponential backoff. */
export function retryDelayFor(failures: number, error: unknown, baseMs: number, maxMs: number): number {
  const asked = error instanceof HttpError ? error.retryAfterMs : null;
  return asked === null ? backoffDelay(failures, baseMs, maxMs) : Math.min(asked, maxMs);
}
