import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import type { ApiError } from "#contract/public-api";
import { hideWebhookSecret } from "#contract/api-paths";
import { logEvent } from "./log";

/** The message of a thrown value: an Error's message, anything else as a string. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Seconds a client is asked to wait after D1 was unavailable. */
export const D1_RETRY_AFTER_SECONDS = 30;

/** The answer to any request that met an unavailable D1. */
export const D1_UNAVAILABLE_MESSAGE = "The catalogue database is unavailable right now; try again shortly";

// D1's own failures (the binding's D1_ERROR without an SQLite error code, and its transient messages), not a bad query.
const D1_UNAVAILABLE = /Network connection lost|object to be reset|D1 DB is overloaded|Cannot resolve D1|D1_ERROR: (?!.*SQLITE_)/;

/** True when `err` (or its cause) says D1 could not answer, as opposed to a query it refused. */
export function isD1Unavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if (D1_UNAVAILABLE.test(e.message)) return true;
  }
  return false;
}

/**
 * Turns expected HTTPExceptions into `{ error }` JSON, an unavailable D1 into 503 with Retry-After, and logs anything
 * else as a 500 (naming the path without the webhook endpoint's secret).
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    return c.json<ApiError>({ error: err.message || res.statusText }, err.status, retryHeaders(res));
  }
  if (isD1Unavailable(err)) {
    logEvent("d1_unavailable", { method: c.req.method, path: hideWebhookSecret(c.req.path), error: err });
    return c.json<ApiError>({ error: D1_UNAVAILABLE_MESSAGE }, 503, { "Retry-After": String(D1_RETRY_AFTER_SECONDS) });
  }
  logEvent("unexpected_error", { method: c.req.method, path: hideWebhookSecret(c.req.path), error: err });
  return c.json<ApiError>({ error: "Internal server error" }, 500);
};

/** Unknown `/api` and `/media` paths answer 404 JSON. */
export const notFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) => c.json<ApiError>({ error: `Not found: ${c.req.path}` }, 404);

function retryHeaders(res: Response): Record<string, string> {
  const retry = res.headers.get("Retry-After");
  return retry ? { "Retry-After": retry } : {};
}

/** Throws the HTTPException the route layer expects for an expected failure. */
export function fail(status: 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503, message: string, headers?: HeadersInit): never {
  throw new HTTPException(status, { message, res: headers ? new Response(null, { headers }) : undefined });
}
