import { isNotionClientError } from "@notionhq/client";

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

/** The message to hand back as a 502 when `err` came from Notion, or null when it is our own bug. */
export function upstreamMessage(err: unknown): string | null {
  if (err instanceof UpstreamError) return err.message;
  if (isNotionClientError(err)) return `Notion: ${err.message}`;
  return null;
}
