import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { acquireLock, SYNC_LOCK } from "../../tables/lock";
import { control, countPaths, notionStats, runCron, syncSchemas } from "../../test/notion-sync";
import { rereadBodies } from "./body-reread";

const CASTLE = "Mills Castle Front 5¢";
const SLOTS = "notion_slot_machines";

type Body = { id: string; title: string; body_md: string | null };
const slots = async () => (await env.DB.prepare(`SELECT id, title, body_md FROM ${SLOTS} ORDER BY id`).all<Body>()).results;
const queue = async () =>
  (
    await env.DB.prepare("SELECT table_name, after_id FROM body_rereads ORDER BY table_name").all<{
      table_name: string;
      after_id: string;
    }>()
  ).results;
/** Every catalogue body as an older renderer left it (none left for the nightly fill), and `tables` queued, as the migration queues them. */
async function oldBodies(...tables: string[]): Promise<void> {
  const { results } = await env.DB.prepare("SELECT table_name FROM sync_tables WHERE has_body = 1 AND table_name <> 'notion_posts'").all<{
    table_name: string;
  }>();
  await env.DB.batch(results.map((t) => env.DB.prepare(`UPDATE ${t.table_name} SET body_md = 'written by an older renderer'`)));
  await env.DB.batch(
    tables.map((t) => env.DB.prepare("INSERT OR REPLACE INTO body_rereads (table_name, after_id) VALUES (?1, '')").bind(t)),
  );
}

beforeAll(async () => {
  await control("reset");
  await syncSchemas();
  // The first night copies the tables (no catalogue body read).
  await runCron();
}, 120_000);

describe("the one-off re-read of bodies an older renderer wrote", { timeout: 120_000 }, () => {
  it("is queued by its migration for every table synced with bodies, and for none on a database that never synced", async () => {
    // This database was migrated before its first sync: nothing was queued.
    expect(await queue()).toEqual([]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0026_body_rereads.sql")!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));
    const withBodies = (
      await env.DB.prepare("SELECT table_name FROM sync_tables WHERE has_body = 1 ORDER BY table_name").all<{ table_name: string }>()
    ).results;
    expect(withBodies.map((t) => t.table_name)).toEqual(expect.arrayContaining([SLOTS, "notion_posts"]));
    expect(await queue()).toEqual(withBodies.map((t) => ({ table_name: t.table_name, after_id: "" })));
    await env.DB.prepare("DELETE FROM body_rereads").run();
  });

  it("walks a queued table a few pages a step in id order, storing each body in the current format and its search entry, then takes it off the queue", async () => {
    await oldBodies(SLOTS, "notion_posts");
    const ids = (await slots()).map((s) => s.id);
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      // Posts are read again by every sync: their queue entry goes without a request.
      expect(await rereadBodies(env, lock, 4)).toEqual({ reread: 0, requests: 0, more: true });
      expect((await queue()).map((q) => q.table_name)).toEqual([SLOTS]);
      const first = await rereadBodies(env, lock, 4);
      expect(first).toMatchObject({ reread: 4, more: true });
      expect(await queue()).toEqual([{ table_name: SLOTS, after_id: ids[3] }]);
      expect((await slots()).filter((s) => s.body_md === "written by an older renderer").map((s) => s.id)).toEqual(ids.slice(4));
      let steps = 1;
      while ((await rereadBodies(env, lock, 4)).more) steps += 1;
      expect(steps).toBe(Math.ceil(ids.length / 4));
    } finally {
      await lock.release();
    }
    expect(await queue()).toEqual([]);
    const castle = (await slots()).find((s) => s.title === CASTLE)!;
    expect(castle.body_md).toContain("| Part | Work done |\n| --- | --- |\n| Castle casting | Stripped and re-plated |");
    expect(castle.body_md).toContain(":::toggle What the restoration did not change\n\nThe serial number plate");
    expect(castle.body_md).toContain(":::callout gray_background 🚚\n\nCrated and shipped insured anywhere in the USA.\n\n:::");
    expect((await slots()).some((s) => s.body_md === "written by an older renderer")).toBe(false);
    const indexed = await env.DB.prepare("SELECT body FROM search_index WHERE item_id = ?1").bind(castle.id).first<{ body: string }>();
    expect(indexed?.body).toBe(castle.body_md);
  });

  it("passes over a page deleted in Notion meanwhile, keeping its stored body", async () => {
    await oldBodies(SLOTS);
    const [gone, next] = await slots();
    // Deleted for good: Notion answers 404 for its blocks (a page in the trash still has them).
    await control("faults", {
      status: 404,
      code: "object_not_found",
      message: "Could not find block",
      path: `/v1/blocks/${gone!.id}/children`,
    });
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      expect(await rereadBodies(env, lock, 2)).toMatchObject({ reread: 1, more: true });
    } finally {
      await lock.release();
    }
    const [goneRow, nextRow] = await slots();
    expect(goneRow!.body_md).toBe("written by an older renderer");
    expect(nextRow!.id).toBe(next!.id);
    expect(nextRow!.body_md).not.toBe("written by an older renderer");
    expect(await queue()).toEqual([{ table_name: SLOTS, after_id: next!.id }]);
    await env.DB.prepare("DELETE FROM body_rereads").run();
  });

  it("passes over a held page's row and a draft's whose removal waits, whose pages may hold unpublished edits", async () => {
    await oldBodies(SLOTS);
    const [held, draft] = await slots();
    await env.DB.batch(
      [
        [held!.id, "held"],
        [draft!.id, "draft"],
      ].map(([id, state]) =>
        env.DB.prepare("INSERT INTO unpublished_pages (table_name, page_id, state, run_id) VALUES (?1, ?2, ?3, 0)").bind(SLOTS, id, state),
      ),
    );
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      while ((await rereadBodies(env, lock, 4)).more);
    } finally {
      await lock.release();
      await env.DB.prepare("DELETE FROM unpublished_pages WHERE table_name = ?1").bind(SLOTS).run();
    }
    const rows = await slots();
    expect(rows.filter((s) => s.body_md === "written by an older renderer").map((s) => s.id)).toEqual([held!.id, draft!.id]);
    expect(await queue()).toEqual([]);
  });

  it("runs in the nightly full sync, one list of blocks per body", async () => {
    await oldBodies(SLOTS);
    const before = await notionStats();
    await runCron();
    const after = await notionStats();
    expect(await queue()).toEqual([]);
    const bodies = await slots();
    expect(bodies.some((s) => s.body_md === "written by an older renderer")).toBe(false);
    // Every slot machine's blocks listed once, and the Castle Front's table and toggle for their rows and blocks.
    expect(countPaths(after, /^\/v1\/blocks\/[^/]+\/children$/) - countPaths(before, /^\/v1\/blocks\/[^/]+\/children$/)).toBe(
      bodies.length + 2,
    );
  });
});
