import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts } from "../../shell/toasts";
import { $rebuildHook, $savingRebuildHook, forgetRebuildHook, refreshRebuildHook, saveRebuildHook } from "./rebuild-hook-store";
import { fakeAdminApi } from "../shared/test/fake-api";

const HOOK = "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/0f3c2d9e-7b1a-4c55-9d0e-1a2b3c4d5e6f";
const MASKED = "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/••••••••5e6f";
const SAVED = "Deploy hook saved. Its test call started a build: the site is rebuilt now, and after every sync from now on.";
const lastToast = () => $toasts.get()[0];
/** The sync status the store refreshes after a change: answered, so the refresh has nothing to report. */
const statusRoutes = {
  "GET /api/admin/sync-status": () =>
    Response.json({ lastSync: null, lastRebuild: null, syncing: false, runningRunId: null, rebuildConfigured: true }),
  "GET /build-info.json": () => Response.json({ builtAt: "2026-01-01T00:00:00Z" }),
};

afterEach(() => {
  $toasts.set([]);
  $rebuildHook.set({ hook: null, error: null });
  vi.unstubAllGlobals();
});

describe("the deploy hook in the admin panel", () => {
  it("reads which hook is in use", async () => {
    fakeAdminApi({ "GET /api/admin/rebuild-hook": () => Response.json({ source: "secret", maskedUrl: MASKED }) });
    await refreshRebuildHook();
    expect($rebuildHook.get()).toEqual({ hook: { source: "secret", maskedUrl: MASKED }, error: null });
  });

  it("saves a pasted hook (trimmed, the button disabled meanwhile), shows it masked and says a build started", async () => {
    let busy = false;
    const api = fakeAdminApi({
      ...statusRoutes,
      "PUT /api/admin/rebuild-hook": (body) => {
        busy = $savingRebuildHook.get();
        expect(body).toEqual({ url: HOOK });
        return Response.json({ source: "panel", maskedUrl: MASKED, message: SAVED });
      },
    });
    expect(await saveRebuildHook(`  ${HOOK}\n`)).toBe(true);
    expect(busy).toBe(true);
    expect($savingRebuildHook.get()).toBe(false);
    expect($rebuildHook.get().hook).toEqual({ source: "panel", maskedUrl: MASKED });
    expect(lastToast()).toMatchObject({ title: "Deploy hook saved", description: SAVED, variant: "default" });
    expect(api.calls.map((c) => c.key)).toContain("GET /api/admin/sync-status");
  });

  it("keeps the state and says why when the worker refused the hook (its test call failed)", async () => {
    $rebuildHook.set({ hook: { source: "none", maskedUrl: null }, error: null });
    const refusal =
      "The deploy hook was not saved: the test call did not start a build (Deploy hook answered 404 Not Found). Copy the whole address again from Workers Builds (your worker, Settings, Build, Deploy hooks).";
    fakeAdminApi({ "PUT /api/admin/rebuild-hook": () => Response.json({ error: refusal }, { status: 400, statusText: "Bad Request" }) });
    expect(await saveRebuildHook(HOOK)).toBe(false);
    expect($rebuildHook.get().hook).toEqual({ source: "none", maskedUrl: null });
    expect(lastToast()).toMatchObject({ title: "Deploy hook not saved", description: refusal, variant: "destructive" });
  });

  it("removes the panel's hook, falling back to the secret", async () => {
    const message = "Deploy hook removed from the admin panel: the DEPLOY_HOOK_URL secret is used again.";
    fakeAdminApi({
      ...statusRoutes,
      "DELETE /api/admin/rebuild-hook": () => Response.json({ source: "secret", maskedUrl: MASKED, message }),
    });
    expect(await forgetRebuildHook()).toBe(true);
    expect($rebuildHook.get().hook?.source).toBe("secret");
    expect(lastToast()).toMatchObject({ title: "Deploy hook removed", description: message });
  });
});
