import { HTTPException } from "hono/http-exception";
import { errorMessage, fail } from "../../lib/errors";
import { logEvent } from "../../lib/log";
import { upstreamMessage } from "../../notion/upstream-error";
import { LockBusyError } from "../../tables/lock";

/**
 * Runs a request's work against Notion: lock contention becomes 409 and Notion failures 502 with the operator's words
 * for them; any other failure (D1, a bug) is logged and answered as a 500 naming `what` failed and why, so the operator
 * sees more than "Internal server error".
 */
export async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HTTPException) throw err;
    if (err instanceof LockBusyError) fail(409, err.message);
    const upstream = upstreamMessage(err);
    if (upstream) fail(502, upstream);
    logEvent("unexpected_error", { what, error: err });
    throw new HTTPException(500, { message: `${what} failed: ${errorMessage(err)}` });
  }
}
