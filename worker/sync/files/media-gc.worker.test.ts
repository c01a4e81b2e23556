import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { recordMediaFiles } from "../../data/media-files";
import { referencedMediaKeys } from "../../data/media-references";
import { createTable, type Row } from "../../test/fixtures";
import { quoteIdent, tableNameFor } from "../../tables/naming";
import { acquireLock, LockBusyError, SYNC_LOCK } from "../../tables/lock";
import { runCron } from "../../test/notion-sync";
import { variantKeys } from "../../data/media-variants";
import { collectMediaGarbage, MEDIA_GRACE_MS } from "./media-gc";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1);
const key = (name: string) => `notion/0a1b2c3d-0000-4000-8000-${name.padStart(12, "0")}/${name}.png`;
const url = (name: string) => `/media/${key(name)}`;

/** Copies `names` into R2 and records them, as a sync does. */
async function copied(...names: string[]): Promise<void> {
  for (const name of names) await env.MEDIA.put(key(name), "bytes");
  await recordMediaFiles(env.DB, names.map(key));
}

/** Which of `names` are still in R2 and still recorded, with their mark. */
async function kept(...names: string[]): Promise<Record<string, { inR2: boolean; since: number | null | undefined }>> {
  const state: Record<string, { inR2: boolean; since: number | null | undefined }> = {};
  for (const name of names) {
    const row = await env.DB.prepare("SELECT unreferenced_since FROM media_files WHERE key = ?1")
      .bind(key(name))
      .first<{ unreferenced_since: number | null }>();
    state[name] = { inR2: (await env.MEDIA.head(key(name))) !== null, since: row ? row.unreferenced_since : undefined };
  }
  return state;
}

const update = (title: string, row: Row, column: string, value: string | null) =>
  env.DB.prepare(`UPDATE ${quoteIdent(tableNameFor(title))} SET ${quoteIdent(column)} = ?1 WHERE id = ?2`)
    .bind(value, row.id)
    .run();

/** An R2 binding recording the keys of each delete call. */
function countingBucket(bucket: R2Bucket): { bucket: R2Bucket; deletes: string[][] } {
  const deletes: string[][] = [];
  const wrapped = Object.create(bucket) as R2Bucket;
  wrapped.delete = (keys: string | string[]) => (deletes.push([keys].flat()), bucket.delete(keys));
  return { bucket: wrapped, deletes };
}

let item: Row;
let post: Row;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM media_files");
  await env.DB.exec("DELETE FROM locks");
  for (const o of (await env.MEDIA.list()).objects) await env.MEDIA.delete(o.key);
  await copied("a", "b", "c", "d");
  [item] = await createTable("Gc Items", { main_image: "TEXT", additional_images: "TEXT" }, [
    { main_image: JSON.stringify([url("a")]), additional_images: JSON.stringify([url("b"), url("c")]) },
  ]);
  [post] = await createTable("Gc Posts", { image: "TEXT", body_md: "TEXT" }, [
    { image: url("d"), body_md: `Intro\n\n![Bell](${url("c")})\n` },
  ]);
});

describe("media garbage collection", () => {
  it("keeps a file dropped from its row through the grace period, then deletes it from R2 and media_files", async () => {
    expect(await collectMediaGarbage(env, { now: T0 })).toEqual({ referenced: 4, newlyUnreferenced: 0, referencedAgain: 0, deleted: 0 });
    await update("Gc Items", item, "main_image", JSON.stringify([]));
    expect(await collectMediaGarbage(env, { now: T0 + DAY })).toMatchObject({ newlyUnreferenced: 1, deleted: 0 });
    expect(await kept("a")).toEqual({ a: { inR2: true, since: T0 + DAY } });
    expect(await collectMediaGarbage(env, { now: T0 + DAY + MEDIA_GRACE_MS - 1 })).toMatchObject({ newlyUnreferenced: 0, deleted: 0 });
    expect(await kept("a")).toEqual({ a: { inR2: true, since: T0 + DAY } });
    expect(await collectMediaGarbage(env, { now: T0 + DAY + MEDIA_GRACE_MS })).toMatchObject({ deleted: 1 });
    expect(await kept("a", "b", "c", "d")).toEqual({
      a: { inR2: false, since: undefined },
      b: { inR2: true, since: null },
      c: { inR2: true, since: null },
      d: { inR2: true, since: null },
    });
  });

  it("never deletes a file another row still refers to, in a files list, a plain value or a Markdown body", async () => {
    await update("Gc Items", item, "additional_images", JSON.stringify([url("b")]));
    for (const days of [0, 8, 16, 30])
      expect(await collectMediaGarbage(env, { now: T0 + days * DAY })).toMatchObject({ newlyUnreferenced: 0, deleted: 0 });
    expect(await kept("c", "d")).toEqual({ c: { inR2: true, since: null }, d: { inR2: true, since: null } });
    await update("Gc Posts", post, "body_md", "No picture now");
    await collectMediaGarbage(env, { now: T0 + 31 * DAY });
    expect(await collectMediaGarbage(env, { now: T0 + 31 * DAY + MEDIA_GRACE_MS })).toMatchObject({ deleted: 1 });
    expect(await kept("c", "d")).toEqual({ c: { inR2: false, since: undefined }, d: { inR2: true, since: null } });
  });

  it("clears the mark of a file referenced again within the grace period, and a sync recording it clears it too", async () => {
    await update("Gc Posts", post, "image", null);
    await collectMediaGarbage(env, { now: T0 });
    expect(await kept("d")).toEqual({ d: { inR2: true, since: T0 } });
    await update("Gc Posts", post, "image", url("d"));
    expect(await collectMediaGarbage(env, { now: T0 + DAY })).toMatchObject({ referencedAgain: 1 });
    expect(await collectMediaGarbage(env, { now: T0 + 30 * DAY })).toMatchObject({ deleted: 0 });
    await update("Gc Posts", post, "image", null);
    await collectMediaGarbage(env, { now: T0 + 31 * DAY });
    await recordMediaFiles(env.DB, [key("d")]);
    expect(await kept("d")).toEqual({ d: { inR2: true, since: null } });
  });

  it("deletes in batches of at most the batch size, at most the batches a run allows, the rest on the next run", async () => {
    const names = Array.from({ length: 25 }, (_, i) => `old${i}`);
    await copied(...names);
    await collectMediaGarbage(env, { now: T0 });
    const counting = countingBucket(env.MEDIA);
    const later = { now: T0 + MEDIA_GRACE_MS, batchSize: 10, maxBatches: 2 };
    expect(await collectMediaGarbage({ ...env, MEDIA: counting.bucket }, later)).toMatchObject({ deleted: 20 });
    const originals = () => counting.deletes.filter((keys) => !keys[0]!.startsWith("variants/")).map((keys) => keys.length);
    expect(originals()).toEqual([10, 10]);
    expect(await collectMediaGarbage({ ...env, MEDIA: counting.bucket }, later)).toMatchObject({ deleted: 5 });
    expect(originals()).toEqual([10, 10, 5]);
    expect((await env.MEDIA.list({ prefix: "notion/" })).objects.map((o) => o.key).sort()).toEqual(["a", "b", "c", "d"].map(key).sort());
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM media_files").first("n")).toBe(4);
  });

  it("deletes a file's resized copies with it, and no other file's", async () => {
    const copiesOf = (name: string) => variantKeys(key(name)).slice(0, 2);
    for (const name of ["a", "b"]) for (const copy of copiesOf(name)) await env.MEDIA.put(copy, "webp");
    await collectMediaGarbage(env, { now: T0 });
    await update("Gc Items", item, "main_image", JSON.stringify([]));
    await collectMediaGarbage(env, { now: T0 + DAY });
    expect(await collectMediaGarbage(env, { now: T0 + DAY + MEDIA_GRACE_MS })).toMatchObject({ deleted: 1 });
    const left = (await env.MEDIA.list({ prefix: "variants/" })).objects.map((o) => o.key).sort();
    expect(left).toEqual(copiesOf("b").sort());
  });

  it("refuses to run while a sync holds the lock, deleting nothing", async () => {
    await update("Gc Items", item, "main_image", null);
    await collectMediaGarbage(env, { now: T0 });
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      await expect(collectMediaGarbage(env, { now: T0 + MEDIA_GRACE_MS })).rejects.toBeInstanceOf(LockBusyError);
    } finally {
      await lock.release();
    }
    expect(await kept("a")).toEqual({ a: { inR2: true, since: T0 } });
  });

  it("finds the references of every row of a table larger than one read page", async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      main_image: JSON.stringify([url(`p${i}`)]),
      additional_images: i % 2 ? null : "no file",
    }));
    await createTable("Gc Many", { main_image: "TEXT", additional_images: "TEXT" }, rows);
    const found = await referencedMediaKeys(env.DB);
    expect(found.size).toBe(1234 + 4);
    expect(found.has(key("p0")) && found.has(key("p1233")) && found.has(key("c"))).toBe(true);
  });

  it(
    "runs from the nightly cron before it starts the sync run, so whatever the sync does later cannot hold it up",
    { timeout: 60_000 },
    async () => {
      await update("Gc Items", item, "main_image", null);
      const markedAt = Date.now() - MEDIA_GRACE_MS - DAY;
      await collectMediaGarbage(env, { now: markedAt });
      expect(await kept("a")).toEqual({ a: { inR2: true, since: markedAt } });
      await runCron();
      expect(await kept("a", "b")).toEqual({ a: { inR2: false, since: undefined }, b: { inR2: true, since: null } });
    },
  );
});
