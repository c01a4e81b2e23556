import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, inject, it } from "vitest";
import worker from "../index";
import { ADMIN_PATHS } from "#contract/api-paths";
import { RebuildHookResultSchema, RebuildHookStateSchema } from "#contract/rebuild-hook";
import { SyncStatusSchema } from "#contract/sync-runs";
import { readSetting } from "../data/site-settings";
import { afterSync } from "../sync/publish/after-sync";
import { adminCookie, adminFetch, TEST_ORIGIN } from "../test/admin";
import type { RecordedCall } from "../test/hook-recorder";

const recorder = inject("hookRecorderUrl");
const SECRET_HOOK = `${recorder}/secret-hook/5ecretvalue`;

/** Calls the rebuild-hook API as a signed-in admin on a worker whose DEPLOY_HOOK_URL secret is `secret`. */
async function call(method: "GET" | "PUT" | "DELETE", body?: unknown, secret = "") {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${TEST_ORIGIN}${ADMIN_PATHS.rebuildHook}`, {
      method,
      headers: { cookie: await adminCookie(), origin: TEST_ORIGIN, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, DEPLOY_HOOK_URL: secret },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: await res.json<any>() };
}

/** The calls the recorder received on `path`. */
async function callsTo(path: string): Promise<RecordedCall[]> {
  return (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>()).filter((c) => c.path === path);
}

const lastRebuild = () =>
  env.DB.prepare("SELECT target, ok, message FROM sync_runs WHERE kind = 'rebuild' ORDER BY id DESC LIMIT 1").first<{
    target: string;
    ok: number;
    message: string;
  }>();

afterEach(async () => {
  await env.DB.exec("DELETE FROM site_settings; DELETE FROM sync_runs");
});

describe("the deploy hook set from the admin panel", () => {
  it("is tested with one call, stored in D1 and shown masked: never the address itself", async () => {
    const path = `/panel-hook/${crypto.randomUUID()}`;
    const put = await call("PUT", { url: `  ${recorder}${path}  ` });
    expect(put.status).toBe(200);
    expect(RebuildHookResultSchema.parse(put.body)).toEqual(put.body);
    expect(put.body).toEqual({
      source: "panel",
      maskedUrl: `${recorder}/panel-hook/••••••••${path.slice(-4)}`,
      message: "Deploy hook saved. Its test call started a build: the site is rebuilt now, and after every sync from now on.",
    });
    expect(JSON.stringify(put.body)).not.toContain(path);
    expect(await callsTo(path)).toEqual([expect.objectContaining({ method: "POST", body: JSON.stringify({ reason: "deploy hook set" }) })]);
    expect(await lastRebuild()).toEqual({ target: "deploy hook set", ok: 1, message: "Deploy hook answered 202 Accepted" });
    expect(await readSetting(env.DB, "deployHookUrl")).toBe(`${recorder}${path}`);
    const got = await call("GET");
    expect(RebuildHookStateSchema.parse(got.body)).toEqual({ source: "panel", maskedUrl: put.body.maskedUrl });
  });

  it("is not stored when its test call fails, and says why (an error answer, no answer)", async () => {
    const refused = await call("PUT", { url: `${recorder}/panel-hook/wrong?status=404` });
    expect(refused).toEqual({
      status: 400,
      body: {
        error:
          "The deploy hook was not saved: the test call did not start a build (Deploy hook answered 404 Not Found). Copy the whole address again from Workers Builds (your worker, Settings, Build, Deploy hooks).",
      },
    });
    const unreachable = await call("PUT", { url: "http://127.0.0.1:1/hook/s3cr3t" });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toMatch(/^The deploy hook was not saved: the test call did not start a build \(Deploy hook failed: /);
    expect(unreachable.body.error).not.toContain("s3cr3t");
    expect(await readSetting(env.DB, "deployHookUrl")).toBeNull();
    expect((await call("GET")).body).toEqual({ source: "none", maskedUrl: null });
  });

  it("refuses what is no https address (or http to this machine) and a body of the wrong shape, calling nothing", async () => {
    for (const url of ["http://builds.example.com/hook", "ftp://127.0.0.1/x", "not a url"])
      expect(await call("PUT", { url })).toEqual({ status: 400, body: { error: "Invalid url: must be an https:// address" } });
    expect((await call("PUT", { url: "" })).status).toBe(400);
    expect((await call("PUT", { hook: "https://x.example" })).status).toBe(400);
    expect(await lastRebuild()).toBeNull();
  });

  it("wins over the DEPLOY_HOOK_URL secret, which stays the fallback; the panel says which is in use", async () => {
    expect((await call("GET", undefined, SECRET_HOOK)).body).toEqual({
      source: "secret",
      maskedUrl: `${recorder}/secret-hook/••••••••alue`,
    });
    const panelPath = `/panel-hook/${crypto.randomUUID()}`;
    expect((await call("PUT", { url: `${recorder}${panelPath}` }, SECRET_HOOK)).body.source).toBe("panel");
    // A sync's rebuild goes to the panel's hook, not the secret's.
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync({ ...env, DEPLOY_HOOK_URL: SECRET_HOOK }, undefined, { kind: "table", target });
    expect((await callsTo(panelPath)).map((c) => JSON.parse(c.body))).toContainEqual({ reason: `table:${target}` });
    expect((await callsTo("/secret-hook/5ecretvalue")).map((c) => c.body)).not.toContain(JSON.stringify({ reason: `table:${target}` }));
    // Removed from the panel: the secret is used again, and the answer says so.
    expect(await call("DELETE", undefined, SECRET_HOOK)).toEqual({
      status: 200,
      body: {
        source: "secret",
        maskedUrl: `${recorder}/secret-hook/••••••••alue`,
        message: "Deploy hook removed from the admin panel: the DEPLOY_HOOK_URL secret is used again.",
      },
    });
    expect((await call("DELETE")).body).toMatchObject({
      source: "none",
      message: "Deploy hook removed: syncs no longer rebuild the site until one is set.",
    });
  });

  it("makes sync-status say rebuilds are configured, with no secret at all", async () => {
    const status = async () => SyncStatusSchema.parse(await (await adminFetch(ADMIN_PATHS.syncStatus)).json());
    expect((await status()).rebuildConfigured).toBe(false);
    await call("PUT", { url: `${recorder}/panel-hook/${crypto.randomUUID()}` });
    expect((await status()).rebuildConfigured).toBe(true);
  });

  it("answers 401 without a session and 403 to another site", async () => {
    const anon = await worker.fetch(new Request(`${TEST_ORIGIN}${ADMIN_PATHS.rebuildHook}`), env, createExecutionContext());
    expect(anon.status).toBe(401);
    const cross = await worker.fetch(
      new Request(`${TEST_ORIGIN}${ADMIN_PATHS.rebuildHook}`, {
        method: "PUT",
        headers: { cookie: await adminCookie(), origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ url: `${recorder}/panel-hook/x` }),
      }),
      env,
      createExecutionContext(),
    );
    expect(cross.status).toBe(403);
    expect(await readSetting(env.DB, "deployHookUrl")).toBeNull();
  });
});
