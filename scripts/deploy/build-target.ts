import { DeployError } from "./account.ts";
import { addressOverride, type SiteAddress } from "./address.ts";
import type { BuildTarget } from "./site.ts";

/** The API `npm start` serves, read when nothing else says where the API is. */
const LOCAL_API = "http://127.0.0.1:8787";

/**
 * What `npm run build` builds for: SITE_API_URL / SITE_URL when a developer sets them; in Workers Builds (WORKERS_CI=1)
 * what Cloudflare says (`find`: null without a credential in the build step, and then nothing here: the deploy command
 * builds); elsewhere the local worker. A worker not deployed yet gives the first-run site.
 */
export async function chooseBuildTarget(
  env: NodeJS.ProcessEnv,
  find: () => Promise<SiteAddress | null>,
  log: (line: string) => void,
): Promise<BuildTarget | null> {
  const override = addressOverride(env);
  if (override.apiUrl) return { apiUrl: override.apiUrl, siteUrl: override.siteUrl ?? override.apiUrl, nothingPublished: false };
  if (env.WORKERS_CI !== "1") {
    log(`SITE_API_URL is not set: reading the local worker at ${LOCAL_API} (npm start)`);
    return { apiUrl: LOCAL_API, siteUrl: override.siteUrl ?? LOCAL_API, nothingPublished: false };
  }
  const found = await find();
  if (!found) {
    log("no Cloudflare credential in the build step: the deploy command builds the site");
    return null;
  }
  if (!found.exists) log("the worker is not deployed yet: building the first-run site");
  else if (!found.apiUrl)
    throw new DeployError(
      "The worker answers on no address: turn on its workers.dev route or add a custom domain (Settings, Domains & Routes).",
    );
  const apiUrl = found.apiUrl ?? "";
  return { apiUrl, siteUrl: override.siteUrl ?? found.siteUrl ?? apiUrl, nothingPublished: !found.exists };
}
