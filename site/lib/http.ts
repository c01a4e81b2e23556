/** An HTTP failure whose message is `${status}: ${body text || statusText}`. */
export class HttpError extends Error {
  readonly status: number;
  /** The wait the server asked for in Retry-After (ms), or null. */
  readonly retryAfterMs: number | null;
  constructor(status: number, body: string, statusText: string, retryAfterMs: number | null = null) {
    super(errorMessage(status, body, statusText));
    this.name = "HttpError";
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The error message for a non-successful response: its status, then its body's text or else its status text. */
export function errorMessage(status: number, body: string, statusText: string): string {
  return `${status}: ${body || statusText}`;
}

/** Throws an HttpError for a non-2xx response (reading its body text), else returns it unchanged. */
export async function assertOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const body = await res.text().catch(() => "");
  throw new HttpError(res.status, body, res.statusText, parseRetryAfter(res.headers.get("retry-after")));
}

/** GET a JSON document with cookies included, failing with an HttpError on any non-2xx status. */
export async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await assertOk(
    await fetch(url, { credentials: "include", ...init, headers: { Accept: "application/json", ...init.headers } }),
  );
  return res.json();
}

/** The HTTP status behind an error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

/** A Retry-After header (delay in seconds or an HTTP date) as milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  // A date needs a weekday or month name: a bare number with a fraction or sign is not one, and unreadable.
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
  return Math.max(0, date - now);
}
