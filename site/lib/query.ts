import { map } from "nanostores";
import { getJson, statusOf } from "./http";
import { policyFor, retryDelay, type QueryPolicy } from "./query-policies";
import { withRetries } from "./retry";

// Hand-written rather than @nanostores/query, which serves a failed query without retries from its cache until its dedupe
// (fresh) time is up (30 min here), shows each failed try in the store before retrying, and expires data by age since
// the fetch, not 60 min after its last use: the site's rules (pinned in query.test.ts) need all three the other way.

/** One cached query: its status, data or error message, and when it was last fetched. */
export type QueryState<T = unknown> = {
  status: "pending" | "success" | "error";
  data?: T;
  error?: string;
  errorStatus?: number;
  isFetching: boolean;
  updatedAt: number;
};

/** Options of one query call: its policy (by URL if omitted) and fetcher (GET JSON if omitted). */
export type QueryOptions<T> = { policy?: QueryPolicy; fetcher?: (key: string) => Promise<T>; force?: boolean };

/** The client query cache, keyed by request URL. */
export const $queryCache = map<Record<string, QueryState | undefined>>({});

type Meta = { promise?: Promise<unknown>; observers: number; gcTimer?: ReturnType<typeof setTimeout>; policy: QueryPolicy };
const meta = new Map<string, Meta>();

function metaFor(key: string, policy?: QueryPolicy): Meta {
  let entry = meta.get(key);
  if (!entry) meta.set(key, (entry = { observers: 0, policy: policy ?? policyFor(key) }));
  else if (policy) entry.policy = policy;
  return entry;
}

function scheduleGc(key: string): void {
  const entry = meta.get(key);
  if (!entry || entry.observers > 0) return;
  clearTimeout(entry.gcTimer);
  entry.gcTimer = setTimeout(() => {
    if ((meta.get(key)?.observers ?? 0) > 0) return;
    meta.delete(key);
    $queryCache.setKey(key, undefined);
  }, entry.policy.gcTime);
}

/** True when the key holds data younger than its policy's fresh time. */
export function isFresh(key: string, now = Date.now()): boolean {
  const state = $queryCache.get()[key];
  return state?.status === "success" && now - state.updatedAt < metaFor(key).policy.staleTime;
}

/** Fetches a query unless its data is fresh, sharing one request per key; rejects with the final error. */
export function fetchQuery<T>(key: string, options: QueryOptions<T> = {}): Promise<T> {
  const entry = metaFor(key, options.policy);
  const current = $queryCache.get()[key];
  if (!options.force && isFresh(key)) return Promise.resolve(current!.data as T);
  if (entry.promise) return entry.promise as Promise<T>;
  $queryCache.setKey(key, {
    status: current?.status === "success" ? "success" : "pending",
    data: current?.data,
    updatedAt: current?.updatedAt ?? 0,
    isFetching: true,
  });
  const fetcher = options.fetcher ?? ((url: string) => getJson(url) as Promise<T>);
  const promise = withRetries(() => fetcher(key), { retry: entry.policy.retry, delay: retryDelay })
    .then(
      (data) => {
        $queryCache.setKey(key, { status: "success", data, updatedAt: Date.now(), isFetching: false });
        return data;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        $queryCache.setKey(key, {
          status: "error",
          error: message,
          errorStatus: statusOf(error),
          data: current?.data,
          updatedAt: current?.updatedAt ?? 0,
          isFetching: false,
        });
        throw error;
      },
    )
    .finally(() => {
      entry.promise = undefined;
      scheduleGc(key);
    });
  entry.promise = promise;
  return promise;
}

/** Like fetchQuery, but failures only land in the cache state (for islands that render the state). */
export function ensureQuery<T>(key: string, options: QueryOptions<T> = {}): void {
  fetchQuery(key, options).catch(() => {});
}

/** Marks a key as in use; the returned release starts its discard timer once nobody uses it. */
export function retainQuery(key: string): () => void {
  const entry = metaFor(key);
  entry.observers += 1;
  clearTimeout(entry.gcTimer);
  return () => {
    entry.observers = Math.max(0, entry.observers - 1);
    scheduleGc(key);
  };
}

/** Puts data in the cache as freshly fetched (e.g. the page the build already rendered). */
export function setQueryData<T>(key: string, data: T, updatedAt = Date.now()): void {
  metaFor(key);
  $queryCache.setKey(key, { status: "success", data, updatedAt, isFetching: false });
  scheduleGc(key);
}

/** Empties the whole client query cache. */
export function clearQueryCache(): void {
  for (const entry of meta.values()) clearTimeout(entry.gcTimer);
  meta.clear();
  $queryCache.set({});
}
