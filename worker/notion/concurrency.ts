/** Runs `fn` over `items` with at most `limit` calls in flight; the first failure rejects once the rest settle. */
export async function forEachLimit<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let failure: { error: unknown } | undefined;
  // One iterator shared by the workers: each takes the next item when it is free.
  const queue = items.entries();
  const worker = async () => {
    for (const [index, item] of queue) {
      if (failure) return;
      try {
        await fn(item, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

/** A gate letting at most `limit` calls of `run` work at once (a call starts synchronously when a slot is free); the others wait their turn in order. Use within one request only. */
export function limiter(limit: number): { readonly busy: boolean; run<T>(fn: () => Promise<T>): Promise<T> } {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    /** True when a call of `run` made now would have to wait. */
    get busy() {
      return active >= limit;
    },
    async run(fn) {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active++;
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
