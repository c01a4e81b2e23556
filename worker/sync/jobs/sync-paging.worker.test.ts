import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { control, countPaths, listTables, notionStats, rows, syncSchemas, syncTable } from "../../test/notion-sync";
import { CONTRACT_DATABASES } from "../mapping/workspace";

/** Ids for databases that replace a demo database of the same title (added with `replace`: the demo one is deleted). */
const TOYS = { id: "7e57da7a-0000-4000-8000-0000000000c1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000c2" };
const TOY_PAGES = 230;
const toyQueries = () => notionStats().then((stats) => countPaths(stats, new RegExp(`/data_sources/${TOYS.dataSourceId}/query$`)));

describe("syncs that need more than one cursor page", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    await control("databases", {
      ...TOYS,
      title: "Vintage Toys",
      properties: { Title: { type: "title" }, Number: { type: "number" } },
      pages: Array.from({ length: TOY_PAGES }, (_, i) => ({ properties: { Title: `Toy ${i + 1}`, Number: i + 1 } })),
      replace: true,
    });
    expect((await syncSchemas()).success).toBe(true);
  });

  it("syncs every row of a database of 230 pages (three query pages)", async () => {
    const res = await syncTable("Vintage Toys");
    expect(res.run).toMatchObject({
      ok: true,
      message: `Synced ${TOY_PAGES} rows into notion_vintage_toys`,
      pagesRead: TOY_PAGES,
      rowsWritten: TOY_PAGES,
    });
    const synced = await rows<{ title: string; number: number }>("Vintage Toys");
    expect(synced.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: TOY_PAGES }, (_, i) => i + 1));
    expect(new Set(synced.map((r) => r.title)).size).toBe(TOY_PAGES);
    expect(await toyQueries()).toBe(3);
  });

  it("retries a 500 on a later query page and completes with every row", async () => {
    await control("faults", { status: 500, times: 2, skip: 1, path: `/data_sources/${TOYS.dataSourceId}/query` });
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    expect(await rows("Vintage Toys")).toHaveLength(TOY_PAGES);
    expect(await toyQueries()).toBe(5);
  });

  it("waits out a 429 on the last query page and completes with every row", async () => {
    await control("faults", { status: 429, times: 1, skip: 2, retryAfter: 1, path: `/data_sources/${TOYS.dataSourceId}/query` });
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    expect(await rows("Vintage Toys")).toHaveLength(TOY_PAGES);
    expect(await toyQueries()).toBe(4);
  });

  it("keeps the previous rows when a later query page keeps failing", async () => {
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    const before = await rows("Vintage Toys");
    await control("faults", {
      status: 500,
      times: 1000,
      skip: 1,
      path: `/data_sources/${TOYS.dataSourceId}/query`,
      message: "Page two is gone",
    });
    const res = await syncTable("Vintage Toys");
    await control("faults", undefined, "DELETE");
    expect(res.run).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Notion was unavailable \(500 internal_server_error: Page two is gone\), /),
    });
    expect(await rows("Vintage Toys")).toEqual(before);
    expect(before).toHaveLength(TOY_PAGES);
    expect((await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%incoming%'").all()).results).toEqual([]);
  });

  it("turns a post body of 150 blocks (two block pages) into the whole Markdown", async () => {
    const paragraphs = Array.from({ length: 150 }, (_, i) => `Paragraph ${i + 1} of the long post.`);
    await control("databases", {
      id: "7e57da7a-0000-4000-8000-0000000000d1",
      dataSourceId: "7e57da7a-0000-4000-8000-0000000000d2",
      title: "Posts",
      properties: { Title: { type: "title" } },
      pages: [{ properties: { Title: "A long post" }, body: paragraphs.map((text) => ({ type: "paragraph", text })) }],
      replace: true,
    });
    expect((await syncSchemas()).success).toBe(true);
    expect((await syncTable("Posts")).ok).toBe(true);
    const [post] = await rows<{ title: string; body_md: string }>("Posts");
    expect(post!.title).toBe("A long post");
    expect(post!.body_md).toBe(paragraphs.join("\n\n"));
    expect(countPaths(await notionStats(), /\/children$/)).toBe(2);
  });

  it("finds the 12 databases when search lists more than 100 data sources", async () => {
    for (let i = 1; i <= 100; i++) await control("databases", { title: `Filler ${i}`, properties: { Name: { type: "title" } } });
    // Added last (in place of the demo's), so search lists it on its second page.
    const images = { id: "7e57da7a-0000-4000-8000-0000000000e1", dataSourceId: "7e57da7a-0000-4000-8000-0000000000e2" };
    await control("databases", {
      ...images,
      title: "Images",
      properties: { Key: { type: "title" }, Image: { type: "files" } },
      replace: true,
    });
    const before = countPaths(await notionStats(), /^\/v1\/search$/);
    const schema = await syncSchemas();
    expect(schema.success).toBe(true);
    expect(schema.tables.map((t) => t.tableName).sort()).toEqual(CONTRACT_DATABASES.map((d) => d.tableName).sort());
    expect(countPaths(await notionStats(), /^\/v1\/search$/) - before).toBe(2);
    const tables = await listTables();
    expect(tables.find((t) => t.tableName === "notion_images")?.databaseId).toBe(images.id);
    expect(tables.find((t) => t.tableName === "notion_vintage_toys")?.databaseId).toBe(TOYS.id);
  });
});
