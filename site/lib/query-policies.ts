import { API_PATHS } from "#contract/api-paths";
import { statusOf } from "./http";
import { backoffDelay } from "./retry";

/** Decides whether attempt number `failures` (1 = first failure) is retried. */
type RetryPolicy = (failures: number, error: unknown) => boolean;

/** Caching and retry options of one query. */
export type QueryPolicy = { staleTime: number; gcTime: number; retry: RetryPolicy };

const MINUTE = 60_000;

/** Defaults: fresh 30 min, unused data discarded after 60 min, no retries. */
export const DEFAULT_POLICY: QueryPolicy = { staleTime: 30 * MINUTE, gcTime: 60 * MINUTE, retry: () => false };

/** Image records retry once. */
const IMAGE_POLICY: QueryPolicy = { ...DEFAULT_POLICY, retry: (failures) => failures <= 1 };

/** Background texture: cached 3,600,000 ms and retried once. */
const TEXTURE_POLICY: QueryPolicy = { staleTime: 3_600_000, gcTime: 3_600_000, retry: (failures) => failures <= 1 };

/** Page headers retry up to 3 times, except on a 404. */
const PAGE_HEADER_POLICY: QueryPolicy = {
  ...DEFAULT_POLICY,
  retry: (failures, error) => statusOf(error) !== 404 && failures <= 3,
};

/** The policy for a request URL, by the API path it calls. */
export function policyFor(url: string): QueryPolicy {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "");
  if (path.startsWith(`${API_PATHS.images}/background-texture`)) return TEXTURE_POLICY;
  if (path.startsWith(`${API_PATHS.images}/`)) return IMAGE_POLICY;
  if (path.startsWith(`${API_PATHS.pageHeaders}/`)) return PAGE_HEADER_POLICY;
  return DEFAULT_POLICY;
}

/** Delay before retry number `failures`: 1 s doubling, capped at 30 s. */
export function retryDelay(failures: number): number {
  return backoffDelay(failures, 1000, 30_000);
}
