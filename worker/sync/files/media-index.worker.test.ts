import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { control } from "../../test/notion-sync";
import { STAGE_PREFIX } from "../pages/page-slices";
import { syncAll as runFullSync } from "../../test/inline-sync";
import type { SyncAllSummary } from "#contract/admin-api";

/** The media bucket with each call on a media file counted by method (the sync's staged query pages, `sync-stage/`, left out). */
function countedBucket(bucket: R2Bucket): { bucket: R2Bucket; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const counted = new Proxy(bucket, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const keys = [args[0]].flat();
        if (name === "list" || !keys.every((k) => typeof k === "string" && k.startsWith(STAGE_PREFIX)))
          calls[String(name)] = (calls[String(name)] ?? 0) + 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { bucket: counted, calls };
}

/** The full sync's steps run in this invocation with `MEDIA` counted. */
async function syncAll(): Promise<{ body: SyncAllSummary; calls: Record<string, number> }> {
  const { bucket, calls } = countedBucket(env.MEDIA);
  const body = await runFullSync({ ...env, MEDIA: bucket });
  return { body, calls };
}

describe("the media index of a sync", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    for (let page = await env.MEDIA.list(); page.objects.length > 0; page = await env.MEDIA.list())
      await env.MEDIA.delete(page.objects.map((o) => o.key));
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
