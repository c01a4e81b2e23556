import { setTimeout as sleep } from "node:timers/promises";
import { ADMIN_PATHS, API_PATHS } from "#contract/api-paths";
import { signIn } from "../lib/admin-client.ts";
import { fullSync } from "../lib/full-sync.ts";
import { runNpx } from "../lib/run.ts";
import { DeployError } from "./account.ts";

/** What the deploy does with the live site, apart from wrangler (a test passes its own). */
export type Site = {
  /** Waits until the deployed worker answers (a new workers.dev address can take a minute or two to resolve). */
  waitLive(url: string): Promise<void>;
  /** Whether the live site is a built one (its /build-info.json answers), not the first deploy's placeholder. */
  hasBuild(url: string): Promise<boolean>;
  /** Signs in as the admin and runs the full sync from Notion, following it to its end; false when a table failed. */
  fullSync(url: string, password: string): Promise<boolean>;
  /** Builds the site into the assets folder from the API at `apiUrl`, for the address `siteUrl`. */
  build(apiUrl: string, siteUrl: string, buildToken: string): Promise<void>;
  /** The address Notion's webhook subscription takes, read from the admin API (null when the worker does not say it). */
  webhookUrl(url: string, password: string): Promise<string | null>;
};

/** The live site, reached over HTTPS; the build runs `astro build` as `npm run build` does. */
export const liveSite: Site = {
  async waitLive(url) {
    const deadline = Date.now() + 180_000;
    for (;;) {
      try {
        const res = await fetch(`${url}${API_PATHS.health}`, { signal: AbortSignal.timeout(10_000) });
        if (res.ok) return;
      } catch {
        // not resolving yet
      }
      if (Date.now() > deadline)
        throw new DeployError(`${url} did not answer within 3 minutes; run \`npm run deploy\` again in a few minutes (nothing is lost).`);
      await sleep(3000);
    }
  },
  async hasBuild(url) {
    const res = await fetch(`${url}/build-info.json`, { signal: AbortSignal.timeout(15_000) });
    await res.body?.cancel();
    return res.ok;
  },
  async fullSync(url, password) {
    const admin = await signIn(url, password);
    const { success } = await fullSync(admin, (line) => console.log(`  ${line}`), 2000, "manual");
    return success;
  },
  async build(apiUrl, siteUrl, buildToken) {
    await runNpx(["astro", "build"], { env: { SITE_API_URL: apiUrl, SITE_URL: siteUrl, BUILD_TOKEN: buildToken }, prefix: "  | " });
  },
  async webhookUrl(url, password) {
    const admin = await signIn(url, password);
    const answer = await admin.call<{ webhookUrl?: unknown }>(ADMIN_PATHS.notionWebhook);
    return typeof answer.webhookUrl === "string" ? answer.webhookUrl : null;
  },
};
