/**
 * Checks on a request that several routes and middleware share: whether it changes state from another site (the admin
 * guard and the enquiry form refuse it), and whether it comes from this machine (the rate limit and the enquiry guard
 * let it through).
 */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True when a state-changing request plainly comes from another site (Origin or Sec-Fetch-Site). */
export function isCrossOrigin(method: string, requestUrl: string, headers: Headers): boolean {
  if (!STATE_CHANGING.has(method.toUpperCase())) return false;
  if (headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = headers.get("origin");
  return origin !== null && origin !== new URL(requestUrl).origin;
}

/**
 * True for the machine's own requests, by their `clientKey` (no address, 127.0.0.0/8, ::1): the local build, the
 * benchmarks and the tests. Cloudflare sets CF-Connecting-IP to the visitor's address and never to a loopback one, so
 * this exempts nobody in production.
 */
export function isLoopbackClient(key: string): boolean {
  return key === "local" || key.startsWith("127.") || key === "0:0:0:0::/64";
}
