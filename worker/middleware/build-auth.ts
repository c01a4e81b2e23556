import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { fail } from "../lib/errors";
import { secretMatches } from "../lib/secrets";

/** The answer of a worker deployed without a BUILD_TOKEN secret: the build cannot read the catalogue until it is set. */
const BUILD_NOT_CONFIGURED =
  "The build API is not configured: set the BUILD_TOKEN secret on the worker and give the site build the same value";
/** The answer to a request without the build's token. */
const BUILD_UNAUTHORIZED = "Only the site build may read /api/build: send Authorization: Bearer <BUILD_TOKEN>";

/**
 * Lets only the site build through to `/api/build/*`: 503 while the worker has no BUILD_TOKEN secret (a deploy that
 * forgot it is told so), 401 unless the request carries `Authorization: Bearer <BUILD_TOKEN>` (compared in constant time).
 */
export const buildAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.env.BUILD_TOKEN;
  if (!token) fail(503, BUILD_NOT_CONFIGURED);
  const given = /^Bearer +(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  if (!(await secretMatches(token, given))) fail(401, BUILD_UNAUTHORIZED);
  await next();
};
