import { Hono } from "hono";
import { DealerSettingsPatchSchema, PUBLIC_SETTING_KEYS, type AdminSettings, type SettingsSaved } from "#contract/site-settings";
import type { AppEnv } from "../app-env";
import { readDealerSettings, writeDealerSettings } from "../data/dealer-settings";
import { deployHook, requestRebuild } from "../sync/publish/rebuild";
import { emailState } from "./enquiries/email-dealer";
import { validate } from "./lib/validate";
import { ADMIN_BODY_LIMIT, limitBody } from "../middleware/body-limit";

/**
 * `GET /api/admin/settings`: the dealer's settings in effect and what is switched off; `PUT` with the settings to
 * change (null: back to the default). A change to what pages show (currency, locale, analytics) asks for a site rebuild.
 */
const adminSettings = new Hono<AppEnv>();

const features = async (env: Env): Promise<AdminSettings["features"]> => ({
  email: emailState(env),
  turnstile: Boolean(env.TURNSTILE_SECRET),
  rebuild: (await deployHook(env)) !== null,
});

adminSettings.get("/", async (c) => c.json<AdminSettings>({ ...(await readDealerSettings(c.env.DB)), features: await features(c.env) }));

adminSettings.put("/", limitBody(ADMIN_BODY_LIMIT), validate("json", DealerSettingsPatchSchema), async (c) => {
  const changed = await writeDealerSettings(c.env.DB, c.req.valid("json"));
  let rebuild: SettingsSaved["rebuild"] = "not-needed";
  let message = changed.length === 0 ? "Nothing changed." : "Settings saved.";
  if (changed.some((key) => (PUBLIC_SETTING_KEYS as readonly string[]).includes(key))) {
    const requested = await requestRebuild(c.env, "settings");
    if (requested) {
      // Recorded as a rebuild run; the deploy hook is called after the answer (the call never rejects).
      c.executionCtx.waitUntil(requested.call);
      rebuild = "requested";
      message += " The site is being rebuilt with them: the pages show the change in a few minutes.";
    } else {
      rebuild = "not-configured";
      message +=
        " Rebuilds are not set up (no deploy hook: Notion Sync, Rebuilds), so the pages show the change after the site's next build.";
    }
  }
  return c.json<SettingsSaved>({ ...(await readDealerSettings(c.env.DB)), features: await features(c.env), message, rebuild });
});

export default adminSettings;
