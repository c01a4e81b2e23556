import autocannon from "autocannon";

/** Requests/s and latency percentiles of one load run. */
export type LoadResult = { label: string; rps: number; p50: number; p99: number; errors: number };

/** Drives `url` with `connections` concurrent keep-alive connections for `seconds`. */
export async function load(label: string, url: string, connections = 50, seconds = 10): Promise<LoadResult> {
  return loadResult(label, await autocannon({ url, connections, duration: seconds }));
}

/** Like load, but each request takes the next of `paths` (round robin) on `baseUrl`: many distinct queries under one load. */
export async function loadPaths(label: string, baseUrl: string, paths: string[], connections = 50, seconds = 10): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  return loadResult(label, result);
}

/** A run's figures; every failed, timed-out or non-2xx request counts as an error. */
function loadResult(label: string, result: Awaited<ReturnType<typeof autocannon>>): LoadResult {
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
