import { API_URL, BUILD_TOKEN, MISSING_BUILD_TOKEN } from "./env";

/** Fails the build at once, with a clear message, when the API at SITE_API_URL does not answer. */
export async function assertApiReachable(url = API_URL): Promise<void> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    if (res.status >= 500) throw new Error(`it answered ${res.status} ${res.statusText}`);
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new Error(
      `The site build reads its data from the API, but ${url} is unreachable (${reason}). ` +
        "Run `npm start` (it starts the worker and builds the site), or point SITE_API_URL at a running worker.",
    );
  }
}

/** Fails the build at once when it has no BUILD_TOKEN to read the catalogue with. */
export function assertBuildToken(token = BUILD_TOKEN): void {
  if (!token) throw new Error(MISSING_BUILD_TOKEN);
}
