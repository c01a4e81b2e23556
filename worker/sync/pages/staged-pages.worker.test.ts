import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PageLike } from "../../notion/types";
import { stagePages, stagedPages } from "./staged-pages";

/** The media bucket with its `get` calls counted. */
function countingGets(bucket: R2Bucket): { bucket: R2Bucket; gets: string[] } {
  const gets: string[] = [];
  const counted = new Proxy(bucket, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (name === "get")
        return (key: string, ...rest: unknown[]) => (gets.push(key), (value as R2Bucket["get"]).call(target, key, ...(rest as [])));
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bucket: counted, gets };
}

const pages = (n: number, tag: string): PageLike[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${tag}-${i}`, properties: {} }) as unknown as PageLike);

describe("staged cursor pages", () => {
  it("reads what this isolate staged without reading R2 again, and the same pages every time", async () => {
    const { bucket, gets } = countingGets(env.MEDIA);
    const at = await stagePages(bucket, "sync-stage/test/a/0.json", pages(3, "a"));
    expect((await stagedPages(bucket, at)).map((p) => p.id)).toEqual(["a-0", "a-1", "a-2"]);
    expect((await stagedPages(bucket, at)).map((p) => p.id)).toEqual(["a-0", "a-1", "a-2"]);
    expect(gets).toEqual([]);
  });

  it("reads from R2 pages staged under a key whose content it has not seen, even when another run used the key before", async () => {
    const { bucket, gets } = countingGets(env.MEDIA);
    const key = "sync-stage/test/b/0.json";
    await stagePages(bucket, key, pages(2, "old"));
    // Another isolate (or a later run reusing the key) stages different pages there.
    const other = await env.MEDIA.put(key, JSON.stringify(pages(1, "new")));
    expect((await stagedPages(bucket, { key, etag: other!.etag })).map((p) => p.id)).toEqual(["new-0"]);
    expect(gets).toEqual([key]);
  });

  it("says which staged pages are gone", async () => {
    await expect(stagedPages(env.MEDIA, { key: "sync-stage/test/none.json", etag: "no-such-etag" })).rejects.toThrow(
      "The pages staged at sync-stage/test/none.json are gone",
    );
  });
});
