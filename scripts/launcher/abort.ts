/**
 * Settles as `work` does, or rejects with the abort reason as soon as `signal` aborts. The work itself goes on until it
 * fails on its own (e.g. its requests once the server they talk to is stopped); its outcome is then ignored.
 */
export function unlessAborted<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
