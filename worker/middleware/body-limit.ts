import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app-env";

/** Largest sign-in body: `{"password": ...}` with a password of at most 1,024 characters fits with room to spare. */
export const SIGN_IN_BODY_LIMIT = 4 * 1024;

/** Largest body of any other admin call: a table name and a database id, a page's id, the dealer's settings, a hook URL. */
export const ADMIN_BODY_LIMIT = 1024;

/**
 * Refuses a request body over `maxSize` bytes with 413 JSON before the route parses it: by Content-Length when the
 * request states one, else (chunked) by reading at most the limit and stopping there. Attached to each route that reads
 * a body (enquiries take ENQUIRY_BODY_LIMIT; Notion's webhook sets its own).
 */
export const limitBody = (maxSize: number): MiddlewareHandler<AppEnv> =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error: `Request body too large: the limit is ${maxSize} bytes` }, 413) });
