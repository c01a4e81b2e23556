/** Clock used by the pacer and retries; injectable so tests run without real waiting. */
export type Clock = { now(): number; sleep(ms: number): Promise<void> };

/** The real clock. */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A token bucket shared by every request of a sync run, plus a pause a 429 can impose on all of them. */
export type Pacer = { take(): Promise<void>; pauseFor(ms: number): void };

/** Paces callers to `ratePerSecond` on average, allowing bursts of `burst` requests. */
export function createPacer(ratePerSecond: number, burst: number, clock: Clock = realClock): Pacer {
  let tokens = burst;
  let last = clock.now();
  let blockedUntil = 0;
  return {
    async take() {
      for (;;) {
        const now = clock.now();
        if (now < blockedUntil) {
          await clock.sleep(blockedUntil - now);
          continue;
        }
        tokens = Math.min(burst, tokens + ((now - last) / 1000) * ratePerSecond);
        last = now;
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        await clock.sleep(Math.ceil(((1 - tokens) / ratePerSecond) * 1000));
      }
    },
    pauseFor(ms) {
      blockedUntil = Math.max(blockedUntil, clock.now() + ms);
      tokens = 1;
      last = blockedUntil;
    },
  };
}
