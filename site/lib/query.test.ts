import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "./http";
import { DEFAULT_POLICY, policyFor } from "./query-policies";
import { $queryCache, clearQueryCache, fetchQuery, isFresh, retainQuery, setQueryData } from "./query";

const MINUTE = 60_000;
const fail = (status: number, body = "") => new HttpError(status, body, "Status Text");

beforeEach(() => {
  vi.useFakeTimers();
  clearQueryCache();
});
afterEach(() => vi.useRealTimers());

/** Runs a query to completion under fake timers, returning the outcome. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(MINUTE);
  return outcome;
}

describe("query cache freshness", () => {
  it("keys by URL and serves fresh data for 30 minutes without refetching", async () => {
    const fetcher = vi.fn(async () => ({ n: 1 }));
    await fetchQuery("/api/x", { fetcher });
    vi.advanceTimersByTime(29 * MINUTE);
    await fetchQuery("/api/x", { fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect($queryCache.get()["/api/x"]).toMatchObject({ status: "success", data: { n: 1 } });
  });

  it("refetches once the data is older than 30 minutes", async () => {
    const fetcher = vi.fn(async () => 1);
    await fetchQuery("/api/x", { fetcher, policy: { ...DEFAULT_POLICY, gcTime: 999 * MINUTE } });
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    expect(isFresh("/api/x")).toBe(false);
    await fetchQuery("/api/x", { fetcher });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("shares one request between concurrent callers", async () => {
    const fetcher = vi.fn(async () => 1);
    await Promise.all([fetchQuery("/api/y", { fetcher }), fetchQuery("/api/y", { fetcher })]);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("discards unused data after 60 minutes, but keeps data in use", async () => {
    setQueryData("/api/unused", 1);
    setQueryData("/api/used", 2);
    const release = retainQuery("/api/used");
    vi.advanceTimersByTime(59 * MINUTE);
    expect($queryCache.get()["/api/unused"]).toBeDefined();
    vi.advanceTimersByTime(2 * MINUTE);
    expect($queryCache.get()["/api/unused"]).toBeUndefined();
    expect($queryCache.get()["/api/used"]).toBeDefined();
    release();
    vi.advanceTimersByTime(61 * MINUTE);
    expect($queryCache.get()["/api/used"]).toBeUndefined();
  });

  it("keeps the background texture fresh for 3,600,000 ms", () => {
    expect(policyFor("/api/images/background-texture").staleTime).toBe(3_600_000);
    expect(policyFor("/api/content/banner_message").staleTime).toBe(30 * MINUTE);
    expect(policyFor("/api/content/banner_message").gcTime).toBe(60 * MINUTE);
  });

  it("clearing forces a refetch of data still fresh", async () => {
    const fetcher = vi.fn(async () => 1);
    await fetchQuery("/api/z", { fetcher });
    await fetchQuery("/api/z", { fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    clearQueryCache();
    expect($queryCache.get()).toEqual({});
    await fetchQuery("/api/z", { fetcher });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("keeps showing data in use while it refetches, however long ago it was fetched", async () => {
    setQueryData("/api/used", 1);
    const release = retainQuery("/api/used");
    vi.advanceTimersByTime(90 * MINUTE);
    let answer: (value: number) => void = () => {};
    const pending = fetchQuery("/api/used", { fetcher: () => new Promise<number>((resolve) => (answer = resolve)) });
    expect($queryCache.get()["/api/used"]).toMatchObject({ status: "success", data: 1, isFetching: true });
    answer(2);
    expect(await pending).toBe(2);
    release();
  });
});

describe("query retries", () => {
  it('does not retry by default and records the error as "{status}: {body}"', async () => {
    const fetcher = vi.fn(async () => Promise.reject(fail(500, "boom")));
    const { error } = await settle(fetchQuery("/api/collection/slots/gallery?page=1&limit=2", { fetcher }));
    expect((error as Error).message).toBe("500: boom");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect($queryCache.get()["/api/collection/slots/gallery?page=1&limit=2"]).toMatchObject({
      status: "error",
      error: "500: boom",
      errorStatus: 500,
    });
  });

  it("retries an image query once", async () => {
    const fetcher = vi.fn(async () => Promise.reject(fail(503)));
    await settle(fetchQuery("/api/images/header_main_image", { fetcher }));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("retries a page header query up to 3 times, but never on 404", async () => {
    const failing = vi.fn(async () => Promise.reject(fail(502)));
    await settle(fetchQuery("/api/page-headers/news", { fetcher: failing }));
    expect(failing).toHaveBeenCalledTimes(4);
    const missing = vi.fn(async () => Promise.reject(fail(404)));
    await settle(fetchQuery("/api/page-headers/nope", { fetcher: missing }));
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it("fetches a failed query again on its next use instead of serving the failure from the cache", async () => {
    const key = "/api/collection/slots/gallery?page=1&limit=2";
    let calls = 0;
    const fetcher = vi.fn(async () => (++calls === 1 ? Promise.reject(fail(500)) : "ok"));
    await settle(fetchQuery(key, { fetcher }));
    expect($queryCache.get()[key]).toMatchObject({ status: "error" });
    expect(await fetchQuery(key, { fetcher })).toBe("ok");
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("stays fetching between retries and shows only the last failure", async () => {
    const key = "/api/page-headers/news";
    const seen: string[] = [];
    const stop = $queryCache.listen((cache) => {
      const state = cache[key];
      if (state) seen.push(`${state.status}${state.isFetching ? " fetching" : ""}`);
    });
    const failing = vi.fn(async () => Promise.reject(fail(502)));
    await settle(fetchQuery(key, { fetcher: failing }));
    stop();
    expect(failing).toHaveBeenCalledTimes(4);
    expect(seen).toEqual(["pending fetching", "error"]);
  });

  it("succeeds when a retry succeeds", async () => {
    let calls = 0;
    const fetcher = vi.fn(async () => (++calls < 3 ? Promise.reject(fail(500)) : "ok"));
    const { value } = await settle(fetchQuery("/api/page-headers/home", { fetcher }));
    expect(value).toBe("ok");
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});
