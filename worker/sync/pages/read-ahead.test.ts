import { describe, expect, it } from "vitest";
import { readAhead } from "./read-ahead";

type Page = { n: number; next: string | null };

/** A promise settled from outside, so a test decides when each read and each work ends. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A cursor of `pages` pages whose reads and works wait on the test, recording what started and ended. */
function cursor(pages: number) {
  const log: string[] = [];
  const reads = Array.from({ length: pages }, () => deferred<Page>());
  const works = Array.from({ length: pages }, () => deferred<void>());
  const cursors: (string | null)[] = [];
  const page = (n: number): Page => ({ n, next: n + 1 < pages ? `c${n + 1}` : null });
  const run = readAhead(
    (n, at) => {
      log.push(`read ${n}`);
      cursors.push(at);
      return reads[n]!.promise;
    },
    async (p, n) => {
      expect(p.n).toBe(n);
      log.push(`work ${n}`);
      await works[n]!.promise;
      log.push(`worked ${n}`);
    },
  );
  return { log, reads, works, cursors, page, run };
}

describe("readAhead", () => {
  it("starts the read of page n+1 while page n's work runs, and works the pages in order with each read's cursor", async () => {
    const c = cursor(3);
    await settle();
    expect(c.log).toEqual(["read 0"]);
    c.reads[0]!.resolve(c.page(0));
    await settle();
    expect(c.log).toEqual(["read 0", "read 1", "work 0"]);
    // Page 1 read before page 0's work ends: its work still waits for page 0's, and page 2's read for that work.
    c.reads[1]!.resolve(c.page(1));
    await settle();
    expect(c.log).toEqual(["read 0", "read 1", "work 0"]);
    c.works[0]!.resolve();
    await settle();
    expect(c.log).toEqual(["read 0", "read 1", "work 0", "worked 0", "read 2", "work 1"]);
    c.works[1]!.resolve();
    await settle();
    // The work on page 2 waits for its read.
    expect(c.log.slice(6)).toEqual(["worked 1"]);
    c.reads[2]!.resolve(c.page(2));
    c.works[2]!.resolve();
    await c.run;
    expect(c.log.slice(7)).toEqual(["work 2", "worked 2"]);
    expect(c.cursors).toEqual([null, "c1", "c2"]);
  });

  it("reads nothing more after a last page", async () => {
    const c = cursor(1);
    c.reads[0]!.resolve(c.page(0));
    c.works[0]!.resolve();
    await c.run;
    expect(c.log).toEqual(["read 0", "work 0", "worked 0"]);
  });

  it("throws a failed work only once the read under way has ended, and reads no further", async () => {
    const c = cursor(3);
    c.reads[0]!.resolve(c.page(0));
    await settle();
    let thrown: unknown;
    const done = c.run.catch((err: unknown) => (thrown = err));
    c.works[0]!.reject(new Error("D1 write failed"));
    await settle();
    expect(thrown).toBeUndefined();
    c.reads[1]!.resolve(c.page(1));
    await done;
    expect(thrown).toEqual(new Error("D1 write failed"));
    expect(c.log).toEqual(["read 0", "read 1", "work 0"]);
  });

  it("throws a read ahead that failed while a work ran once that work has ended, working no page after it", async () => {
    const c = cursor(3);
    c.reads[0]!.resolve(c.page(0));
    await settle();
    c.reads[1]!.reject(new Error("Notion answered 500"));
    await settle();
    let thrown: unknown;
    const done = c.run.catch((err: unknown) => (thrown = err));
    await settle();
    expect(thrown).toBeUndefined();
    c.works[0]!.resolve();
    await done;
    expect(thrown).toEqual(new Error("Notion answered 500"));
    expect(c.log).toEqual(["read 0", "read 1", "work 0", "worked 0"]);
  });

  it("throws a failed first read without working anything", async () => {
    const c = cursor(2);
    c.reads[0]!.reject(new Error("Notion answered 401"));
    await expect(c.run).rejects.toThrow("Notion answered 401");
    expect(c.log).toEqual(["read 0"]);
  });
});
