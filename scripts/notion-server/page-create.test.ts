import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { clientFor, createSlots as slotsUnder, refusal, text } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
let parent: string;
type AnyObj = Record<string, any>;

beforeAll(async () => {
  server = await startNotionServer({ workspace: { id: "5e7a0000-0000-4000-8000-000000000000", name: "empty", databases: [] } });
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

  it("refuses an unknown property, a relative link, text over 2,000 characters, 101 blocks, nesting three deep and an unknown parent, creating nothing", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
    const para = (content = "x", children?: unknown[]) => ({
      type: "paragraph",
      paragraph: { rich_text: text(content), ...(children ? { children } : {}) },
    });
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
      [{ parent: { data_source_id: id }, children: [{ type: "table", table: {} }] }, 400, /type should be one of/],
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
