import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "../../index";
import { adminCookie, TEST_ORIGIN } from "../../test/admin";
import type { RecordedCall } from "../../test/hook-recorder";
import { readEntry } from "../../tables/registry";
import { syncAll, syncData } from "../../test/inline-sync";

const recorder = inject("hookRecorderUrl");

/** An env whose deploy hook is a fresh recorder path, so this test only sees its own calls. */
function hookedEnv() {
  const path = `/rebuild/${crypto.randomUUID()}`;
  return { env: { ...env, DEPLOY_HOOK_URL: `${recorder}${path}` }, path };
}

async function hookCalls(path: string): Promise<RecordedCall[]> {
  const calls = await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>();
  return calls.filter((call) => call.path === path);
}

async function adminPost(testEnv: Env, ctx: ExecutionContext, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { cookie: await adminCookie(), origin: TEST_ORIGIN };
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return worker.fetch(request, testEnv, ctx);
}

const rebuildRuns = () =>
  env.DB.prepare("SELECT target, ok, message FROM sync_runs WHERE kind = 'rebuild' ORDER BY id").all<{
    target: string;
    ok: number | null;
    message: string;
  }>();

describe("site rebuild after syncs", { timeout: 120_000 }, () => {
  it("calls no deploy hook after a schema sync (its tables are empty), then calls it after a table sync, and sync-status reports it", async () => {
    const { env: testEnv, path } = hookedEnv();
    const before = (await rebuildRuns()).results.length;
    const ctx = createExecutionContext();
    const schema = await adminPost(testEnv, ctx, "/api/admin/notion-sync-schemas");
    expect(schema.status).toBe(200);
    await waitOnExecutionContext(ctx);
    expect(await hookCalls(path)).toEqual([]);
    expect((await rebuildRuns()).results.slice(before)).toEqual([]);

    // Sync Data's run (the SYNC workflow runs the same job; its env cannot carry this test's recorder), in this invocation.
    const entry = (await readEntry(env.DB, "notion_page_headers"))!;
    expect((await syncData(testEnv, entry)).message).toMatch(/^Synced \d+ rows into notion_page_headers$/);
    expect((await hookCalls(path)).map((c) => JSON.parse(c.body))).toEqual([{ reason: "table:notion_page_headers" }]);

    const status = await worker.fetch(
      new Request(`${TEST_ORIGIN}/api/admin/sync-status`, { headers: { cookie: await adminCookie() } }),
      testEnv,
      createExecutionContext(),
    );
    const body = await status.json<{
      lastSync: { kind: string; target: string; ok: boolean };
      lastRebuild: { kind: string; target: string; ok: boolean; message: string };
    }>();
    expect(body.lastSync).toMatchObject({ kind: "table", target: "notion_page_headers", ok: true });
    expect(body.lastRebuild).toMatchObject({
      kind: "rebuild",
      target: "table:notion_page_headers",
      ok: true,
      message: "Deploy hook answered 202 Accepted",
    });
  });

  it("does not call the deploy hook when a table sync is refused", async () => {
    const { env: testEnv, path } = hookedEnv();
    const ctx = createExecutionContext();
    const res = await adminPost(testEnv, ctx, "/api/admin/notion-sync-table", { tableName: "notion_no_such_table", databaseId: "x" });
    expect(res.status).toBe(404);
    await waitOnExecutionContext(ctx);
    expect(await hookCalls(path)).toEqual([]);
  });

  it("runs the nightly full sync, then calls the deploy hook exactly once", async () => {
    const { env: testEnv, path } = hookedEnv();
    const before = (await rebuildRuns()).results.length;
    // The cron's run (it starts the SYNC workflow, whose env cannot carry this test's recorder), in this invocation.
    expect((await syncAll(testEnv, "cron")).success).toBe(true);
    const full = await env.DB.prepare("SELECT ok, finished_at FROM sync_runs WHERE kind = 'full' ORDER BY id DESC LIMIT 1").first<{
      ok: number;
      finished_at: string | null;
    }>();
    expect(full?.finished_at).not.toBeNull();
    const tables = await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_tables WHERE data_synced_at IS NOT NULL").first<{ n: number }>();
    expect(tables!.n).toBeGreaterThan(0);
    expect((await hookCalls(path)).map((c) => JSON.parse(c.body))).toEqual([{ reason: "full" }]);
    expect((await rebuildRuns()).results.slice(before)).toEqual([{ target: "full", ok: 1, message: "Deploy hook answered 202 Accepted" }]);
  });
});
