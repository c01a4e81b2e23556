import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import {
  hookUrlProblem,
  maskHookUrl,
  type RebuildHookResult,
  type RebuildHookState,
  SetRebuildHookBodySchema,
} from "#contract/rebuild-hook";
import { clearSetting, writeSetting } from "../data/site-settings";
import { startRun } from "../data/sync-runs";
import { fail } from "../lib/errors";
import { callDeployHook, deployHook } from "../sync/publish/rebuild";
import { validate } from "./lib/validate";
import { ADMIN_BODY_LIMIT, limitBody } from "../middleware/body-limit";

/** What the rebuild run of a test call is recorded as (the admin panel's last rebuild shows it). */
const TEST_REASON = "deploy hook set";

/** The hook in use as the admin panel shows it: where it comes from and its masked address. */
async function hookState(env: Env): Promise<RebuildHookState> {
  const hook = await deployHook(env);
  return hook ? { source: hook.source, maskedUrl: maskHookUrl(hook.url) } : { source: "none", maskedUrl: null };
}

/**
 * `/api/admin/rebuild-hook`: the Workers Builds deploy hook the worker calls after a sync, set from the admin panel
 * (stored in D1, so no redeploy): `GET` which hook is in use (the panel's, else the DEPLOY_HOOK_URL secret, else none),
 * masked; `PUT { url }` calls the hook once (a build starts, recorded as a rebuild) and stores it only when it answered
 * 2xx; `DELETE` forgets the panel's, so the secret (if any) is used again.
 */
const adminRebuildHook = new Hono<AppEnv>();

adminRebuildHook.get("/", async (c) => c.json<RebuildHookState>(await hookState(c.env)));

adminRebuildHook.put("/", limitBody(ADMIN_BODY_LIMIT), validate("json", SetRebuildHookBodySchema), async (c) => {
  const url = c.req.valid("json").url.trim();
  const problem = hookUrlProblem(url);
  if (problem) fail(400, `Invalid url: ${problem}`);
  const runId = await startRun(c.env.DB, "rebuild", TEST_REASON);
  const outcome = await callDeployHook(c.env, url, runId, TEST_REASON);
  if (!outcome.ok)
    fail(
      400,
      `The deploy hook was not saved: the test call did not start a build (${outcome.message}). Copy the whole address again from Workers Builds (your worker, Settings, Build, Deploy hooks).`,
    );
  await writeSetting(c.env.DB, "deployHookUrl", url);
  return c.json<RebuildHookResult>({
    ...(await hookState(c.env)),
    message: "Deploy hook saved. Its test call started a build: the site is rebuilt now, and after every sync from now on.",
  });
});

adminRebuildHook.delete("/", async (c) => {
  await clearSetting(c.env.DB, "deployHookUrl");
  const state = await hookState(c.env);
  return c.json<RebuildHookResult>({
    ...state,
    message:
      state.source === "secret"
        ? "Deploy hook removed from the admin panel: the DEPLOY_HOOK_URL secret is used again."
        : "Deploy hook removed: syncs no longer rebuild the site until one is set.",
  });
});

export default adminRebuildHook;
