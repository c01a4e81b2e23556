import { APIResponseError, isNotionClientError } from "@notionhq/client";
import { notionFailureText, type NotionFailure } from "#contract/notion-failures";

/** A failure on Notion's side that is not a Notion API error (e.g. a file that cannot be downloaded). */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  /** `transient`: Notion could not be reached or failed on its side (5xx): the same work may pass when tried again later. */
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/**
 * A 429 whose Retry-After asks for a longer wait than the call may sleep (`RetryPolicy.maxDelayMs`): the call ends
 * without retrying early. A workflow step hands the wait to its run, which sleeps it out and runs the step again;
 * elsewhere it fails the work with this message (a file download leaves its file for the next sync).
 */
export class RetryAfterError extends UpstreamError {
  override name = "RetryAfterError";
  constructor(
    readonly waitMs: number,
    host: string,
  ) {
    super(
      `${host} is rate limiting the sync: it asked to wait ${Math.ceil(waitMs / 1000)} s before the next request (429 Retry-After)`,
      true,
    );
  }
}

/** A failure Notion answered, carried across a workflow step (whose stored result keeps only plain data) with its status and code. */
export class NotionFailureError extends UpstreamError {
  override name = "NotionFailureError";
  constructor(readonly failure: NotionFailure) {
    super(failure.message, failure.status === 0 || failure.status === 429 || failure.status >= 500);
  }
}

/** What Notion answered, when `err` is Notion's failure (an API error, a rate limit past the wait, Notion unreachable); null otherwise. */
export function notionFailureOf(err: unknown): NotionFailure | null {
  if (err instanceof NotionFailureError) return err.failure;
  if (APIResponseError.isAPIResponseError(err)) return { status: err.status, code: err.code, message: err.message };
  if (err instanceof RetryAfterError) return { status: 429, code: "rate_limited", message: err.message };
  // An answer the client could not read as Notion's error (a 5xx page from a proxy): its status still tells.
  if (isNotionClientError(err) && "status" in err && typeof err.status === "number" && err.status >= 500)
    return { status: err.status, code: "unknown_error", message: err.message };
  if (err instanceof UpstreamError && err.transient && /^Could not reach /.test(err.message))
    return { status: 0, code: "unreachable", message: err.message };
  return null;
}

/** The message to hand back as a 502 when `err` came from Notion (the operator's words for Notion's failures), or null when it is our own bug. */
export function upstreamMessage(err: unknown): string | null {
  const failure = notionFailureOf(err);
  if (failure) return notionFailureText(failure);
  if (err instanceof UpstreamError) return err.message;
  if (isNotionClientError(err)) return `Notion: ${err.message}`;
  return null;
}
