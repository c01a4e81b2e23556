import { ADMIN_PATHS, API_PATHS } from "#contract/api-paths";
import { ENQUIRY_BODY_LIMIT } from "#contract/enquiries";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app-env";

/** Largest sign-in body: `{"password": ...}` with a password of at most 1,024 characters fits with room to spare. */
const SIGN_IN_BODY_LIMIT = 4 * 1024;
/** Largest body of any other request: the admin calls carry at most a table name and a database id (enquiries take ENQUIRY_BODY_LIMIT). */
const BODY_LIMIT = 1024;

const SIGN_IN_PATH = ADMIN_PATHS.session;

const limitTo = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error: `Request body too large: the limit is ${maxSize} bytes` }, 413) });
const signIn = limitTo(SIGN_IN_BODY_LIMIT);
const enquiry = limitTo(ENQUIRY_BODY_LIMIT);
const other = limitTo(BODY_LIMIT);

/**
 * Refuses an oversized request body with 413 JSON before anything parses it or touches D1: by Content-Length when the
 * request states one, else (chunked) by reading at most the limit and stopping there.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) =>
  (c.req.path === SIGN_IN_PATH ? signIn : c.req.path === API_PATHS.enquiries ? enquiry : other)(c, next);
