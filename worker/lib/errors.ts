import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";

/** Turns expected HTTPExceptions into `{ error }` JSON and logs anything else as a 500. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    return c.json({ error: err.message || res.statusText }, err.status, retryHeaders(res));
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, err);
  return c.json({ error: "Internal server error" }, 500);
};

/** Unknown `/api` and `/media` paths answer 404 JSON. */
export const notFound: NotFoundHandler<AppEnv> = (c: Context<AppEnv>) =>
  c.json({ error: `Not found: ${c.req.path}` }, 404);

function retryHeaders(res: Response): Record<string, string> {
  const retry = res.headers.get("Retry-After");
  return retry ? { "Retry-After": retry } : {};
}

/** Throws the HTTPException the route layer expects for an expected failure. */
export function fail(status: 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503, message: string, headers?: HeadersInit): never {
  throw new HTTPException(status, { message, res: headers ? new Response(null, { headers }) : undefined });
}
