import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { clientKey } from "../lib/client-address";
import { fail } from "../lib/errors";
import { isLoopbackClient } from "../lib/request-checks";

/** The period of `API_RATE_LIMIT` in wrangler.toml, in seconds: a refused client may try again after it. */
const API_RATE_PERIOD_SECONDS = 10;

/** Counts one request of the request's client against `API_RATE_LIMIT`; false once it is over the limit (loopback clients never are). */
export async function withinRateLimit(c: Context<AppEnv>): Promise<boolean> {
  const client = clientKey(c.req.header("cf-connecting-ip"));
  if (isLoopbackClient(client)) return true;
  return (await c.env.API_RATE_LIMIT.limit({ key: client })).success;
}

/**
 * Per-client rate limit of `/api/*` and `/media/*`, one count for both, through Cloudflare's Rate Limiting binding
 * (limit and period in wrangler.toml), counted by clientKey (IPv6 by /64): over it, 429 JSON with Retry-After.
 */
export const apiRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!(await withinRateLimit(c))) {
    fail(429, `Too many requests. Try again in ${API_RATE_PERIOD_SECONDS} seconds.`, { "Retry-After": String(API_RATE_PERIOD_SECONDS) });
  }
  await next();
};
