import { API_URL, NOTHING_PUBLISHED } from "./env";
import { catalogueState } from "./publication";

/**
 * Fails the build at once, with a clear message, when the API at SITE_API_URL does not answer; asks nothing in the build
 * of a site never deployed (SITE_NOTHING_PUBLISHED), which has no API yet.
 */
export async function assertApiReachable(url = API_URL, nothingPublished = NOTHING_PUBLISHED): Promise<void> {
  if (nothingPublished) return;
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

/** One line saying what this build publishes: the catalogue, or the first-run site of a catalogue never published. */
export async function describeCatalogue(): Promise<string> {
  return (await catalogueState()) === "published"
    ? "Catalogue: published, building every page from the API"
    : "Catalogue: nothing published yet, building the first-run site (empty catalogue, first-run note); the rebuild after the first sync fills it";
}
