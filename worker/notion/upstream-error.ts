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

/** The message to hand back as a 502 when `err` came from Notion, or null when it is our own bug. */
export function upstreamMessage(err: unknown): string | null {
  if (err instanceof UpstreamError) return err.message;
  if (isNotionClientError(err)) return `Notion: ${err.message}`;
  return null;
}
