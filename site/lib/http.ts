/** An HTTP failure whose message follows the spec: `${status}: ${body text || statusText}`. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, body: string, statusText: string) {
    super(errorMessage(status, body, statusText));
    this.name = "HttpError";
    this.status = status;
  }
}

/** The spec's error message for a non-successful response. */
export function errorMessage(status: number, body: string, statusText: string): string {
  return `${status}: ${body || statusText}`;
}

/** Throws an HttpError for a non-2xx response (reading its body text), else returns it unchanged. */
export async function assertOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const body = await res.text().catch(() => "");
  throw new HttpError(res.status, body, res.statusText);
}

/** GET a JSON document with cookies included, failing with an HttpError on any non-2xx status. */
export async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await assertOk(await fetch(url, { credentials: "include", ...init, headers: { Accept: "application/json", ...init.headers } }));
  return res.json();
}

/** Like getJson, but a 401 gives null instead of an error (for callers that treat "signed out" as no data). */
export async function getJsonOrNullOn401(url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    return await getJson(url, init);
  } catch (error) {
    if (statusOf(error) === 401) return null;
    throw error;
  }
}

/** The HTTP status behind an error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
