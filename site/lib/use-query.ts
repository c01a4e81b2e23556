import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $queryCache, ensureQuery, retainQuery, setQueryData, type QueryState } from "./query";

/** Options: data the build already rendered for this key, and how to fetch/parse it. */
export type UseQueryOptions<T> = { initialData?: T; fetcher?: (key: string) => Promise<T> };

/** Subscribes an island to one query-cache key (the request URL), fetching it unless fresh. */
export function useQuery<T>(key: string, { initialData, fetcher }: UseQueryOptions<T> = {}): QueryState<T> {
  const entry = useStore($queryCache, { keys: [key] })[key] as QueryState<T> | undefined;
  useEffect(() => {
    if (initialData !== undefined && !$queryCache.get()[key]) setQueryData(key, initialData);
    const release = retainQuery(key);
    ensureQuery(key, { fetcher });
    return release;
    // The key identifies the query; initialData and fetcher only matter on its first use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!entry && initialData !== undefined) return { status: "success", data: initialData, isFetching: false, updatedAt: 0 };
  return entry ?? { status: "pending", isFetching: true, updatedAt: 0 };
}
