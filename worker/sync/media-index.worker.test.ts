import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../index";
import { adminCookie, TEST_ORIGIN } from "../test/admin";
import { control } from "../test/notion-sync";
import type { SyncAllSummary } from "#contract/admin-api";

/** The media bucket with each of its calls counted by method. */
function countedBucket(bucket: R2Bucket): { bucket: R2Bucket; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const counted = new Proxy(bucket, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls[String(name)] = (calls[String(name)] ?? 0) + 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { bucket: counted, calls };
}

/** POST /api/admin/notion-sync-all with `MEDIA` counted, its waitUntil work finished. */
async function syncAll(): Promise<{ body: SyncAllSummary; calls: Record<string, number> }> {
  const { bucket, calls } = countedBucket(env.MEDIA);
  const ctx = createExecutionContext();
  const request = new Request(`${TEST_ORIGIN}/api/admin/notion-sync-all`, { method: "POST", headers: { cookie: await adminCookie(), origin: TEST_ORIGIN } });
  const res = await worker.fetch(request, { ...env, MEDIA: bucket }, ctx);
  const body = await res.json<SyncAllSummary>();
  await waitOnExecutionContext(ctx);
  return { body, calls };
}

describe("the media index of a sync", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    for (let page = await env.MEDIA.list(); page.objects.length > 0; page = await env.MEDIA.list()) await env.MEDIA.delete(page.objects.map((o) => o.key));
    await env.DB.exec("DELETE FROM media_files");
  });

  it("answers from D1 whether a file is copied: a full copy and then an update in place list R2 not once", async () => {
    const first = await syncAll();
    expect(first.body.success).toBe(true);
    // The first sync copies the workspace's files (one put each) without listing the bucket.
    expect(first.calls.put).toBeGreaterThan(10);
    expect(first.calls.list ?? 0).toBe(0);
    const copied = (await env.DB.prepare("SELECT COUNT(*) AS n FROM media_files").first<{ n: number }>())!.n;
    expect(copied).toBe(first.calls.put);

    // Every edit re-read through the overlap window again finds its files recorded in D1: nothing copied, nothing listed or asked of R2.
    const second = await syncAll();
    expect(second.body.success).toBe(true);
    expect(second.calls).toEqual({});
  });
});
