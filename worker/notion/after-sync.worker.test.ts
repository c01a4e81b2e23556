import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { RecordedCall } from "../test/hook-recorder";
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

describe("afterSync", () => {
  it("POSTs to the deploy hook once and records a successful rebuild", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook(), undefined, { kind: "table", target });
    const calls = await callsFor(`table:${target}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/rebuild" });
    expect(JSON.parse(calls[0].body)).toEqual({ reason: `table:${target}` });
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 1, message: "Deploy hook answered 202 Accepted" });
  });

  it("records a failed rebuild when the hook answers an error", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook("/rebuild?status=500"), undefined, { kind: "table", target });
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 0, message: "Deploy hook answered 500 Internal Server Error" });
  });

  it("records a failed rebuild when the hook URL is unusable, without throwing", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync({ ...env, DEPLOY_HOOK_URL: "not a url" }, undefined, { kind: "table", target });
    const run = await rebuildRun(`table:${target}`);
    expect(run?.ok).toBe(0);
    expect(run?.message).toMatch(/^Deploy hook failed: /);
  });

  it("records the request at once and finishes it in waitUntil when given a context", async () => {
    const ctx = createExecutionContext();
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync(withHook(), ctx, { kind: "table", target });
    expect(await rebuildRun(`table:${target}`)).not.toBeNull();
    await waitOnExecutionContext(ctx);
    expect(await rebuildRun(`table:${target}`)).toMatchObject({ ok: 1 });
  });

  it("does nothing about rebuilds without DEPLOY_HOOK_URL", async () => {
    const target = `notion_${crypto.randomUUID()}`;
    await afterSync({ ...env, DEPLOY_HOOK_URL: "" }, undefined, { kind: "table", target });
    expect(await rebuildRun(`table:${target}`)).toBeNull();
  });

  it("purges the API cache", async () => {
    await env.CACHE.put("cache:content:probe", "{}");
    await afterSync({ ...env, DEPLOY_HOOK_URL: "" }, undefined, { kind: "schema" });
    expect(await env.CACHE.get("cache:content:probe")).toBeNull();
  });
});
