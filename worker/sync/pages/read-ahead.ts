/** One read of a cursor: what it found and the cursor of the next read (null: that was the last). */
export type CursorPage = { next: string | null };

/**
 * Walks a cursor with one read ahead: page n+1's read starts as soon as page n's read has ended, while page n's work
 * runs, so Notion is not left idle while rows are written; page n+1's work starts once both have ended. Pages are
 * worked in order. On a failure (a read or a work) it still waits for the read under way, so no step is left
 * running when the caller cleans up, and throws the first failure in page order.
 */
export async function readAhead<P extends CursorPage>(
  read: (n: number, cursor: string | null) => Promise<P>,
  work: (page: P, n: number) => Promise<void>,
): Promise<void> {
  let pending: Promise<P> | null = settledLater(read(0, null));
  for (let n = 0; pending; n++) {
    const page: P = await pending;
    pending = page.next ? settledLater(read(n + 1, page.next)) : null;
    try {
      await work(page, n);
    } catch (err) {
      await pending?.catch(() => undefined);
      throw err;
    }
  }
}

/** The same promise, marked as handled: a read failing while a work runs is thrown when the loop reaches it, not reported as unhandled. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
