/** Token-bucket limiter: `take()` gives 0 when a request may pass, else the seconds to wait (Retry-After). */
export type RateLimiter = { take(now?: number): number; setRate(perSecond: number | null): void; rate(): number | null };

/**
 * A bucket holding up to `perSecond` tokens, refilled continuously at `perSecond`. A client that paces itself
 * at exactly the limit always finds a token; refused requests take none, so retrying costs nothing.
 */
export function createRateLimiter(perSecond: number | null, clock: () => number = () => performance.now()): RateLimiter {
  let limit = perSecond;
  let tokens = perSecond ?? 0;
  let last = clock();
  return {
    take(now = clock()) {
      if (limit === null) return 0;
      const capacity = Math.max(1, limit);
      tokens = Math.min(capacity, tokens + ((now - last) / 1000) * limit);
      last = now;
      // A hair of tolerance so timer jitter of a perfectly paced client never refuses it.
      if (tokens >= 1 - 1e-6) {
        tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - tokens) / limit));
    },
    setRate(next) {
      limit = next;
      tokens = next ?? 0;
      last = clock();
    },
    rate: () => limit,
  };
}
