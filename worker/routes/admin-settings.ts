import { Hono } from "hono";
import { DealerSettingsPatchSchema, PUBLIC_SETTING_KEYS, type AdminSettings, type SettingsSaved } from "#contract/site-settings";
import type { AppEnv } from "../app-env";
import { readDealerSettings, writeDealerSettings } from "../data/dealer-settings";
import { requestRebuild } from "../sync/publish/rebuild";
import { emailState } from "./enquiry/email-dealer";
import { validate } from "./lib/validate";

/**
 * `GET /api/admin/settings`: the dealer's settings in effect and what is switched off; `PUT` with the settings to
 * change (null: back to the default). A change to what pages show (currency, locale, analytics) asks for a site rebuild.
 */
const adminSettings = new Hono<AppEnv>();

const features = (env: Env): AdminSettings["features"] => ({
  email: emailState(env),
  turnstile: Boolean(env.TURNSTILE_SECRET),
  rebuild: Boolean(env.DEPLOY_HOOK_URL),
});

adminSettings.get("/", async (c) => c.json<AdminSettings>({ ...(await readDealerSettings(c.env.DB)), features: features(c.env) }));

adminSettings.put("/", validate("json", DealerSettingsPatchSchema), async (c) => {
  const changed = await writeDealerSettings(c.env.DB, c.req.valid("json"));
  let rebuild: SettingsSaved["rebuild"] = "not-needed";
  let message = changed.length === 0 ? "Nothing changed." : "Settings saved.";
  if (changed.some((key) => (PUBLIC_SETTING_KEYS as readonly string[]).includes(key))) {
    if (c.env.DEPLOY_HOOK_URL) {
      // Recorded as a rebuild run and the deploy hook called after the answer (requestRebuild never rejects).
      c.executionCtx.waitUntil(requestRebuild(c.env, "settings"));
      rebuild = "requested";
      message += " The site is being rebuilt with them: the pages show the change in a few minutes.";
    } else {
      rebuild = "not-configured";
      message += " Rebuilds are not set up (DEPLOY_HOOK_URL), so the pages show the change after the site's next build.";
    }
  }
  return c.json<SettingsSaved>({ ...(await readDealerSettings(c.env.DB)), features: features(c.env), message, rebuild });
});

export default adminSettings;
