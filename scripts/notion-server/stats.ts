/** Request counters: API requests in total and per path (file downloads are counted apart). */
export type Stats = { requests: number; byPath: Record<string, number>; rateLimited: number; fileDownloads: number };

/** Fresh, zeroed counters. */
export function emptyStats(): Stats {
  return { requests: 0, byPath: {}, rateLimited: 0, fileDownloads: 0 };
}

/** Counts one API request to `path`. */
export function countRequest(stats: Stats, path: string) {
  stats.requests += 1;
  stats.byPath[path] = (stats.byPath[path] ?? 0) + 1;
}
