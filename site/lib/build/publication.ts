import { API_PATHS } from "#contract/api-paths";
import { HealthSchema } from "#contract/health";
import { CatalogueStatusSchema } from "#contract/public-api";
import { getJson, statusOf } from "../http";
import { apiGet } from "./api";
import { API_URL, NOTHING_PUBLISHED } from "./env";

/** Whether this build shows a published catalogue, or a new site's first-run state (nothing ever published). */
export type CatalogueState = "published" | "never-published";

let state: Promise<CatalogueState> | undefined;

/**
 * Whom a 404 on `/api/build/status` comes from: a worker of ours older than that answer (its `/api/health` answers as
 * ours do), which had published its catalogue; or no worker of ours at all (an address with nothing deployed yet).
 */
async function withoutStatus(): Promise<CatalogueState> {
  const health = HealthSchema.safeParse(
    await getJson(`${API_URL}/api/health`, { credentials: "omit" }).catch((error: unknown) => {
      if (statusOf(error) === 404) return null;
      throw error;
    }),
  );
  return health.success ? "published" : "never-published";
}

/**
 * The catalogue's state, asked once per build: never published when the worker was never deployed (SITE_NOTHING_PUBLISHED,
 * or nothing of ours answers at the address) or says no sync ever published it (`GET /api/build/status`); published
 * otherwise. Never guessed from a failure: an API that does not answer (after the catalogue's retries) fails the build,
 * as every catalogue read does.
 */
export function catalogueState(): Promise<CatalogueState> {
  state ??= NOTHING_PUBLISHED
    ? Promise.resolve("never-published")
    : apiGet(`${API_PATHS.build}/status`, CatalogueStatusSchema, "catalogue").then(
        (status): CatalogueState => (status.published ? "published" : "never-published"),
        (error: unknown): Promise<CatalogueState> => {
          if (error instanceof Error && statusOf(error.cause) === 404) return withoutStatus();
          throw new Error(
            `Cannot tell whether the catalogue was ever published: ${error instanceof Error ? error.message : String(error)}`,
            {
              cause: error,
            },
          );
        },
      );
  return state;
}
