import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { emptyWorkspace } from "./workspace.ts";
import { clientFor, createSlots as slotsUnder, refusal, text } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
let parent: string;
type AnyObj = Record<string, any>;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  notion = clientFor(server);
});
beforeEach(() => {
  server.reset();
  parent = server.addPage("Catalogue");
});
afterAll(() => server.close());

describe("page creation (POST /v1/pages)", () => {
  it("creates a row with its properties and body (nested list, code, external image) that query and block children return; appends to its body", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
    const page = (await notion.pages.create({
      parent: { data_source_id: id },
      properties: {
        Title: { title: text("Mills Castle Front") },
        Price: { number: 2450 },
        Condition: { select: { name: "Restored" } },
        Notes: {
          rich_text: [
            { type: "text", text: { content: "see ", link: null } },
            { type: "text", text: { content: "here", link: { url: "https://example.com" } }, annotations: { bold: true } },
          ],
        },
        Photos: { files: [{ type: "external", name: "front.png", external: { url: "https://example.com/front.png" } }] },
      },
      children: [
        { type: "heading_2", heading_2: { rich_text: text("History") } },
        {
          type: "bulleted_list_item",
          bulleted_list_item: { rich_text: text("Restored"), children: [{ type: "paragraph", paragraph: { rich_text: text("in 2024") } }] },
        },
        { type: "code", code: { rich_text: text("x = 1"), language: "python" } },
        { type: "image", image: { type: "external", external: { url: "https://example.com/a.png" } } },
      ],
    })) as AnyObj;
    expect(page).toMatchObject({
      object: "page",
      parent: { type: "data_source_id", data_source_id: id },
      created_time: page.last_edited_time,
    });
    const row = (await notion.dataSources.query({ data_source_id: id })).results[0] as AnyObj;
    expect(row.id).toBe(page.id);
    expect(row.properties.Price.number).toBe(2450);
    expect(row.properties.Condition.select.name).toBe("Restored");
    expect(row.properties.Notes.rich_text[1]).toMatchObject({
      plain_text: "here",
      href: "https://example.com",
      annotations: { bold: true },
    });
    expect(row.properties.Photos.files).toEqual([
      { name: "front.png", type: "external", external: { url: "https://example.com/front.png" } },
    ]);
    const blocks = (await notion.blocks.children.list({ block_id: page.id })).results as AnyObj[];
    expect(blocks.map((b) => b.type)).toEqual(["heading_2", "bulleted_list_item", "code", "image"]);
    expect(blocks[1]!.has_children).toBe(true);
    expect((await notion.blocks.children.list({ block_id: blocks[1]!.id })).results).toMatchObject([
      { type: "paragraph", paragraph: { rich_text: [{ plain_text: "in 2024" }] } },
    ]);
    const source = (await notion.dataSources.retrieve({ data_source_id: id })) as AnyObj;
    expect(source.properties.Condition.select.options.map((o: AnyObj) => o.name)).toEqual(["Good", "Fair", "Restored"]);
    const appended = await notion.blocks.children.append({ block_id: page.id, children: [{ type: "divider", divider: {} }] });
    expect(appended.results).toMatchObject([{ type: "divider" }]);
    expect((await notion.blocks.children.list({ block_id: page.id })).results.map((b: AnyObj) => b.type)).toEqual([
      "heading_2",
      "bulleted_list_item",
      "code",
      "image",
      "divider",
    ]);
  });

  it("takes toggles, callouts, column lists, tables, bookmarks, embeds and linked videos, and returns them in Notion's shapes", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
    const para = (content: string) => ({ type: "paragraph" as const, paragraph: { rich_text: text(content) } });
    const page = (await notion.pages.create({
      parent: { data_source_id: id },
      properties: { Title: { title: text("Blocks") } },
      children: [
        { type: "toggle", toggle: { rich_text: text("More"), children: [para("hidden")] } },
        { type: "callout", callout: { rich_text: text("Note"), icon: { type: "emoji", emoji: "💡" }, color: "yellow_background" } },
        {
          type: "column_list",
          column_list: {
            children: [
              { type: "column", column: { children: [para("left")] } },
              { type: "column", column: { children: [para("right")] } },
            ],
          },
        },
        {
          type: "table",
          table: {
            table_width: 2,
            has_column_header: true,
            children: [
              { type: "table_row", table_row: { cells: [text("Model"), text("Year")] } },
              { type: "table_row", table_row: { cells: [text("Castle"), text("1933")] } },
            ],
          },
        },
        { type: "bookmark", bookmark: { url: "https://example.com/history", caption: text("History") } },
        { type: "embed", embed: { url: "https://vimeo.com/76979871" } },
        { type: "video", video: { type: "external", external: { url: "https://youtu.be/dQw4w9WgXcQ" }, caption: text("Film") } },
      ],
    })) as AnyObj;
    const children = async (blockId: string) => (await notion.blocks.children.list({ block_id: blockId })).results as AnyObj[];
    const [toggle, callout, columns, table, bookmark, embed, video] = await children(page.id);
    expect(toggle).toMatchObject({ type: "toggle", has_children: true, toggle: { rich_text: [{ plain_text: "More" }], color: "default" } });
    expect(await children(toggle!.id)).toMatchObject([{ type: "paragraph", paragraph: { rich_text: [{ plain_text: "hidden" }] } }]);
    expect(callout).toMatchObject({
      type: "callout",
      has_children: false,
      callout: { rich_text: [{ plain_text: "Note" }], icon: { type: "emoji", emoji: "💡" }, color: "yellow_background" },
    });
    expect(columns).toMatchObject({ type: "column_list", has_children: true, column_list: {} });
    const [left, right] = await children(columns!.id);
    expect([left, right]).toMatchObject([{ type: "column", has_children: true, column: {} }, { type: "column" }]);
    expect(await children(right!.id)).toMatchObject([{ type: "paragraph", paragraph: { rich_text: [{ plain_text: "right" }] } }]);
    expect(table).toMatchObject({
      type: "table",
      has_children: true,
      table: { table_width: 2, has_column_header: true, has_row_header: false },
    });
    expect((await children(table!.id)).map((r) => r.table_row.cells.map((cell: AnyObj[]) => cell[0]!.plain_text))).toEqual([
      ["Model", "Year"],
      ["Castle", "1933"],
    ]);
    expect(bookmark).toMatchObject({
      type: "bookmark",
      bookmark: { url: "https://example.com/history", caption: [{ plain_text: "History" }] },
    });
    expect(embed).toMatchObject({ type: "embed", embed: { url: "https://vimeo.com/76979871", caption: [] } });
    expect(video).toMatchObject({
      type: "video",
      video: { type: "external", external: { url: "https://youtu.be/dQw4w9WgXcQ" }, caption: [{ plain_text: "Film" }] },
    });
  });

  it("refuses an unknown property, a relative link, text over 2,000 characters, 101 blocks, nesting three deep, a table or column list Notion would refuse and an unknown parent, creating nothing", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
    const para = (content = "x", children?: unknown[]) => ({
      type: "paragraph",
      paragraph: { rich_text: text(content), ...(children ? { children } : {}) },
    });
    const row = (...cells: string[]) => ({ type: "table_row", table_row: { cells: cells.map((cell) => text(cell)) } });
    const column = (...children: unknown[]) => ({ type: "column", column: { children } });
    const cases: [unknown, number, RegExp][] = [
      [{ parent: { data_source_id: id }, properties: { Ghost: { rich_text: text("a") } } }, 400, /Ghost is not a property that exists/],
      [
        {
          parent: { data_source_id: id },
          properties: { Notes: { rich_text: [{ type: "text", text: { content: "sale", link: { url: "/for-sale" } } }] } },
        },
        400,
        /Invalid URL for link\./,
      ],
      [
        { parent: { data_source_id: id }, properties: { Notes: { rich_text: text("y".repeat(2001)) } } },
        400,
        /text\.content\.length should be ≤ `2000`, instead was `2001`/,
      ],
      [
        { parent: { data_source_id: id }, children: Array.from({ length: 101 }, () => para()) },
        400,
        /children\.length should be ≤ `100`, instead was `101`/,
      ],
      [
        { parent: { data_source_id: id }, children: [para("a", [para("b", [para("c", [para("d")])])])] },
        400,
        /children\[0\]\.paragraph\.children\[0\]\.paragraph\.children\[0\]\.paragraph\.children should be not present/,
      ],
      [{ parent: { data_source_id: id }, children: [{ type: "pdf", pdf: {} }] }, 400, /type should be one of/],
      [
        { parent: { data_source_id: id }, children: [{ type: "table", table: { table_width: 2, children: [row("a")] } }] },
        400,
        /children\[0\]\.table\.children\[0\]\.table_row\.cells\.length should be `2` \(the table's width\), instead was `1`/,
      ],
      [
        { parent: { data_source_id: id }, children: [{ type: "table", table: { table_width: 1, children: [] } }] },
        400,
        /table\.children\.length should be ≥ `1`/,
      ],
      [
        { parent: { data_source_id: id }, children: [{ type: "column_list", column_list: { children: [column(para())] } }] },
        400,
        /column_list\.children\.length should be ≥ `2`, instead was `1`/,
      ],
      [
        { parent: { data_source_id: id }, children: [{ type: "column_list", column_list: { children: [column(para()), column()] } }] },
        400,
        /column_list\.children\[1\]\.column\.children\.length should be ≥ `1`, instead was `0`/,
      ],
      [
        {
          parent: { data_source_id: id },
          children: [
            {
              type: "toggle",
              toggle: {
                rich_text: text("t"),
                children: [{ type: "column_list", column_list: { children: [column(para()), column(para())] } }],
              },
            },
          ],
        },
        400,
        /toggle\.children\[0\]\.column_list\.children\[0\]\.column\.children should be not present/,
      ],
      [{ parent: { data_source_id: "0000000000004000800000000000beef" } }, 404, /Could not find data_source with ID/],
      [{ properties: {} }, 400, /body\.parent should be defined/],
    ];
    for (const [body, status, message] of cases) {
      expect(await refusal(notion.pages.create(body as never)), JSON.stringify(body).slice(0, 80)).toMatchObject({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect((await notion.dataSources.query({ data_source_id: id })).results).toEqual([]);
  });
});
