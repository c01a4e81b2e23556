import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import type { RecordedCall } from "../../test/hook-recorder";
import { storedKeyOf } from "../../test/cache-keys";
import { afterSync } from "./after-sync";

const recorder = inject("hookRecorderUrl");
const withHook = (path = "/rebuild") => ({ ...env, DEPLOY_HOOK_URL: `${recorder}${path}` });

async function callsFor(reason: string): Promise<RecordedCall[]> {
  const calls = await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>();
  return calls.filter((call) => call.body.includes(`"${reason}"`));
}

const rebuildRun = (target: string) =>
  env.DB.prepare("SELECT ok, message, finished_at FROM sync_runs WHERE kind = 'rebuild' AND target = ?1").bind(target).first<{
    ok: number | null;
    message: string | null;
    finished_at: string | null;
  }>();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("afterSync", () => {
  it("POSTs to the deploy hook once and records a successful rebuild", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook(), undefined, { kind: "table", target });
    const calls = await callsFor(`table:${target}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/rebuild" });
    expect(JSON.parse(calls[0]!.body)).toEqual({ reason: `table:${target}` });
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 1, message: "Deploy hook answered 202 Accepted" });
  });

  it("records a failed rebuild when the hook answers an error", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook("/rebuild?status=500"), undefined, { kind: "table", target });
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 0, message: "Deploy hook answered 500 Internal Server Error" });
  });

  it("records a failed rebuild when the hook URL is unusable, without throwing or recording the URL", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync({ ...env, DEPLOY_HOOK_URL: "not a url" }, undefined, { kind: "table", target });
    const run = await rebuildRun(`table:${target}`);
    expect(run?.ok).toBe(0);
    expect(run?.message).toMatch(/^Deploy hook failed: /);
    expect(run?.message).not.toContain("not a url");
  });

  it.each([
    [
      "on an unroutable port",
      "http://127.0.0.1:1/deploy/s3cr3t-build-token?key=hook-key-123",
      "Deploy hook failed: Network connection lost.",
    ],
    [
      "with a scheme fetch refuses",
      "ftp://builds.example.com/deploy/s3cr3t-build-token?key=hook-key-123",
      "Deploy hook failed: Fetch API cannot load: <DEPLOY_HOOK_URL>",
    ],
  ])(
    "records a hook it cannot reach (%s) as failed, with a message that never holds the hook URL (a secret)",
    async (_how, url, message) => {
      const target = `notion_${crypto.randomUUID()}`;
      await afterSync({ ...env, DEPLOY_HOOK_URL: url }, undefined, { kind: "table", target });
      const run = await rebuildRun(`table:${target}`);
      expect(run).toMatchObject({ ok: 0, message });
      for (const secret of ["builds.example.com", "127.0.0.1:1", "s3cr3t-build-token", "hook-key-123"])
        expect(run?.message).not.toContain(secret);
    },
  );

  it("records the request at once and finishes it in waitUntil when given a context", async () => {
    const ctx = createExecutionContext();
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook(), ctx, { kind: "table", target });
    expect(await rebuildRun(`table:${target}`)).not.toBeNull();
    await waitOnExecutionContext(ctx);
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 1 });
  });

  it("warns once in the log that the site is not rebuilt without a deploy hook (neither the admin panel's nor DEPLOY_HOOK_URL), and records no rebuild", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync({ ...env, DEPLOY_HOOK_URL: "" }, undefined, { kind: "table", target });
    expect(warn.mock.calls.map(([line]) => JSON.parse(line as string))).toEqual([
      {
        event: "rebuild_not_configured",
        reason: `table:${target}`,
        message:
          "No deploy hook is set, so the site is not rebuilt and the pages keep their old content; paste the Workers Builds deploy hook in the admin panel (Notion Sync, Rebuilds)",
      },
    ]);
    expect(await rebuildRun(`table:${target}`)).toBeNull();
  });

  it("purges the API cache", async () => {
    await env.CACHE.put(await storedKeyOf("cache:content:probe"), "{}");
    await afterSync({ ...env, DEPLOY_HOOK_URL: "" }, undefined, { kind: "schema" });
    expect(await env.CACHE.get(await storedKeyOf("cache:content:probe"))).toBeNull();
  });
});
