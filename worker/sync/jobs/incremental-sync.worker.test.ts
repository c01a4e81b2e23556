import { NOTION_VERSION } from "#contract/notion";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get } from "../../test/http";
import { NOTION, control, countPaths, listTables, notionStats, rows, runCron, syncSchemas, syncTable } from "../../test/notion-sync";
import { NOTION_TEST_TOKEN } from "../../test/notion-test-server";
import { editPage, titleValue } from "../../test/webhooks";
import { EDIT_OVERLAP_MS } from "./incremental-sync";

type Slot = { id: string; title: string | null; main_image: string | null; last_edited_time: string };
const slots = () => rows<Slot>("Slot Machines");
const mainImage = (row: Slot) => (JSON.parse(row.main_image ?? "[]") as string[])[0] ?? "";
const byId = (list: Slot[]) => new Map(list.map((r) => [r.id, r]));
/** The progress the latest run of `kind` recorded: the pages it expected as it started, and those it read. */
const progressOf = async (kind: "table" | "full") =>
  (await env.DB.prepare("SELECT pages_expected AS expected, pages_read AS read FROM sync_runs WHERE kind = ?1 ORDER BY id DESC LIMIT 1")
    .bind(kind)
    .first<{ expected: number | null; read: number | null }>())!;
const watermark = async () =>
  (await env.DB.prepare("SELECT data_synced_at AS at FROM sync_tables WHERE table_name = 'notion_slot_machines'").first<{ at: string }>())!
    .at;

/** A page as the local Notion server answers it. */
async function notionPage(
  id: string,
): Promise<{ last_edited_time: string; properties: Record<string, { files?: { name: string; file: { url: string } }[] }> }> {
  const res = await fetch(`${NOTION}/v1/pages/${id}`, {
    headers: { authorization: `Bearer ${NOTION_TEST_TOKEN}`, "notion-version": NOTION_VERSION },
  });
  return res.json();
}

/** Runs Sync Data on the slot machines table and returns what it cost Notion (requests by kind, file downloads). */
async function syncSlots() {
  const before = await notionStats();
  const res = await syncTable("Slot Machines");
  expect(res.ok).toBe(true);
  const after = await notionStats();
  return {
    requests: after.requests - before.requests,
    queries: countPaths(after, /\/query$/) - countPaths(before, /\/query$/),
    pageReads: countPaths(after, /^\/v1\/pages\//) - countPaths(before, /^\/v1\/pages\//),
    bodyReads: countPaths(after, /\/children$/) - countPaths(before, /\/children$/),
    downloads: after.fileDownloads - before.fileDownloads,
  };
}

const CASTLE = "Mills Castle Front 5¢";
let ids: string[];
let castle: string;

describe("incremental Sync Data after a first full sync", { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await control("reset");
    await syncSchemas();
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    castle = (await slots()).find((r) => r.title === CASTLE)!.id;
    ids = (await slots()).map((r) => r.id).filter((id) => id !== castle);
  }, 60_000);

  it("records the sync's start, not its end, as the watermark", async () => {
    const before = new Date().toISOString();
    await syncSlots();
    const after = new Date().toISOString();
    const runStart = (await env.DB.prepare(
      "SELECT started_at FROM sync_runs WHERE target = 'notion_slot_machines' ORDER BY id DESC LIMIT 1",
    ).first<{ started_at: string }>())!.started_at;
    expect((await watermark()) >= before && (await watermark()) <= after).toBe(true);
    expect(Date.parse(await watermark()) - Date.parse(runStart)).toBeLessThan(1000);
  });

  it("reads only the pages edited since the last sync: the edited row changes, every other row stays as it was", async () => {
    const old = byId(await slots());
    await editPage(ids[0]!, { properties: titleValue("Edited Since Last Sync") });
    const cost = await syncSlots();
    // One schema check, one filtered query, the edited page's body, one id scan (under 100 pages); no page read on its own.
    expect(cost).toEqual({ requests: 4, queries: 2, pageReads: 0, bodyReads: 1, downloads: 0 });
    // Progress counts each page once, the edited one read in full and the rest listed: the table's rows, as expected.
    expect(await progressOf("table")).toEqual({ expected: old.size, read: old.size });
    const now = await slots();
    expect(now).toHaveLength(old.size);
    for (const row of now) {
      if (row.id === ids[0]) expect(row.title).toBe("Edited Since Last Sync");
      else expect(row).toEqual(old.get(row.id));
    }
  });

  it("gives a table made before the listing indexes its indexes at its next update in place", async () => {
    const indexes = async () =>
      (
        await env.DB.prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notion_slot_machines' AND sql IS NOT NULL ORDER BY name",
        ).all<{ name: string }>()
      ).results.map((r) => r.name);
    const made = await indexes();
    expect(made).toHaveLength(10);
    await env.DB.batch(made.map((name) => env.DB.prepare(`DROP INDEX "${name}"`)));
    expect(await indexes()).toEqual([]);
    await syncSlots();
    expect(await indexes()).toEqual(made);
  });

  it("removes the row of a page moved to the trash", async () => {
    const count = (await slots()).length;
    await editPage(ids[1]!, { in_trash: true });
    await syncSlots();
    const now = await slots();
    expect(now).toHaveLength(count - 1);
    expect(now.map((r) => r.id)).not.toContain(ids[1]);
  });

  it("still reads a page whose edit time Notion rounded to before the watermark (the overlap)", async () => {
    await editPage(ids[2]!, { properties: titleValue("Rounded Down Edit") });
    const edited = Date.parse((await notionPage(ids[2]!)).last_edited_time);
    // As if the last sync began a minute after the edit's (rounded) time: a filter from the watermark itself would miss it.
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = ? WHERE table_name = 'notion_slot_machines'")
      .bind(new Date(edited + 60_000).toISOString())
      .run();
    expect(60_000).toBeLessThan(EDIT_OVERLAP_MS);
    await syncSlots();
    expect(byId(await slots()).get(ids[2]!)?.title).toBe("Rounded Down Edit");
  });

  it("downloads no file for an edited page whose files are unchanged, and one for a new image", async () => {
    await editPage(ids[3]!, { properties: titleValue("Same Image, New Title") });
    const unchanged = await syncSlots();
    expect(unchanged.downloads).toBe(0);
    const keptImage = mainImage(byId(await slots()).get(ids[3]!)!);
    expect(keptImage).toMatch(/^\/media\/notion\//);

    // An image the sync has never copied: a toy's, hosted by Notion (the toys table is not synced here).
    const toys = await (
      await fetch(
        `${NOTION}/v1/data_sources/${(await env.DB.prepare("SELECT data_source_id AS id FROM sync_tables WHERE table_name = 'notion_vintage_toys'").first<{ id: string }>())!.id}/query`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${NOTION_TEST_TOKEN}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
          body: JSON.stringify({ filter: { property: "Main Image", files: { is_not_empty: true } }, page_size: 1 }),
        },
      )
    ).json<{ results: { properties: Record<string, { files: { name: string; file: { url: string } }[] }> }[] }>();
    const image = toys.results[0]!.properties["Main Image"]!.files[0]!;
    await editPage(ids[3]!, {
      properties: { "Main Image": { files: [{ name: image.name, type: "file", file: { url: image.file.url } }] } },
    });
    const changed = await syncSlots();
    expect(changed.downloads).toBe(1);
    const newImage = mainImage(byId(await slots()).get(ids[3]!)!);
    expect(newImage).toMatch(/^\/media\/notion\/.+\/toy-/);
    expect(await env.MEDIA.head(newImage.replace(/^\/media\//, ""))).not.toBeNull();
    // The next sync re-reads the page (it is inside the overlap) but copies nothing: R2 has the file.
    expect((await syncSlots()).downloads).toBe(0);
  });

  // Last: pages edited by the tests before are within the overlap, so each later sync reads them again.
  it("reads a catalogue page's body once the page is edited, not on the first sync, and serves it as the item's longDescription", async () => {
    const detail = async () => (await get<{ longDescription: string | null }>(`/api/collection/slots/${castle}`)).body;
    // Synced several times by now, never edited: its body has not been read.
    expect((await detail()).longDescription).toBeNull();
    await editPage(castle, { properties: { Price: { number: 4900 } } });
    await syncSlots();
    const { longDescription } = await detail();
    expect(longDescription).toContain("## Restoration notes");
    expect(longDescription).toContain("**re-plated**");
    expect(longDescription).toContain("- Escalator and payout slide rebuilt");
    // A full copy (as after a schema change) keeps the bodies it has for unedited pages instead of reading them again.
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = NULL WHERE table_name = 'notion_slot_machines'").run();
    const copy = await syncSlots();
    expect(copy.bodyReads).toBe(0);
    expect((await detail()).longDescription).toBe(longDescription);
    // The listing leaves bodies out: they are for the item page only.
    const listed = (await get<{ items: Record<string, unknown>[] }>("/api/collection/slots?limit=100")).body.items.find(
      (i) => i.id === castle,
    )!;
    expect(listed).not.toHaveProperty("longDescription");
  });
});

describe("the nightly cron on tables synced before", { timeout: 120_000 }, () => {
  it("fills the catalogue bodies never read, then updates every table in place and reconciles deletions with an id scan", async () => {
    await control("reset");
    await syncSchemas();
    const run = async () => {
      await runCron();
      return (await env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = 'full' ORDER BY id DESC LIMIT 1").first<{
        ok: number;
        message: string;
      }>())!;
    };
    const bodies = async () =>
      (await env.DB.prepare("SELECT title, body_md FROM notion_slot_machines").all<{ title: string; body_md: string | null }>()).results;
    expect((await run()).ok).toBe(1);
    // The first copy reads no catalogue body; the next night fills those never read (all of them, at the demo's size).
    expect((await bodies()).every((b) => b.body_md === null)).toBe(true);
    expect((await run()).ok).toBe(1);
    expect((await bodies()).filter((b) => b.body_md === null)).toEqual([]);
    expect((await bodies()).find((b) => b.title === CASTLE)?.body_md).toContain("## Restoration notes");
    const slotIds = (await slots()).map((r) => r.id);
    const total = (await listTables()).reduce((n, t) => n + t.recordCount, 0);
    await editPage(slotIds[0]!, { in_trash: true });
    const before = await notionStats();
    expect((await run()).ok).toBe(1);
    const after = await notionStats();
    expect((await slots()).map((r) => r.id)).toEqual(slotIds.slice(1));
    // The cron's run expected every table's rows and drafts (the demo's one, which has no row but is read all the same),
    // and read each page still in Notion once (the trashed one is gone).
    const drafts = (await listTables()).reduce((n, t) => n + t.drafts, 0);
    expect(drafts).toBe(1);
    expect(await progressOf("full")).toEqual({ expected: total + drafts, read: total + drafts - 1 });
    // Per table one query for edited pages (none but the trashed one) and one id scan: no page, block or file read.
    const tables = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_tables").first<{ n: number }>())!.n;
    expect(countPaths(after, /\/query$/) - countPaths(before, /\/query$/)).toBe(2 * tables);
    expect(countPaths(after, /^\/v1\/(pages|blocks)\//) - countPaths(before, /^\/v1\/(pages|blocks)\//)).toBe(0);
    expect(after.fileDownloads - before.fileDownloads).toBe(0);
  });
});
