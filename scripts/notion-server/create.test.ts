import { APIResponseError, type Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { clientFor, dataSourcesByTitle } from "./test-client.ts";

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

const text = (content: string) => [{ type: "text" as const, text: { content } }];

/** The Notion error a call fails with (status, code and message as Notion sends them). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(APIResponseError.isAPIResponseError(error), String(error)).toBe(true);
  const { status, code, message } = error as APIResponseError;
  return { status, code, message };
}

async function createSlots(): Promise<AnyObj> {
  return (await notion.databases.create({
    parent: { type: "page_id", page_id: parent },
    title: text("Slot Machines"),
    initial_data_source: {
      properties: {
        Title: { title: {} },
        Price: { number: { format: "dollar" } },
        Condition: { select: { options: [{ name: "Good" }, { name: "Fair" }] } },
        Photos: { files: {} },
        Notes: { rich_text: {} },
      },
    },
  })) as AnyObj;
}

describe("database creation (POST /v1/databases)", () => {
  it("creates a database under a page, its one data source holding the schema, listed among the page's children and found by search", async () => {
    const db = await createSlots();
    expect(db).toMatchObject({
      object: "database",
      parent: { type: "page_id", page_id: parent },
      title: [{ plain_text: "Slot Machines" }],
      data_sources: [{ id: expect.any(String), name: "Slot Machines" }],
      in_trash: false,
    });
    const source = (await notion.dataSources.retrieve({ data_source_id: db.data_sources[0].id })) as AnyObj;
    expect(source).toMatchObject({ parent: { database_id: db.id }, database_parent: { type: "page_id", page_id: parent } });
    expect(Object.keys(source.properties)).toEqual(["Title", "Price", "Condition", "Photos", "Notes"]);
    expect(source.properties.Title).toMatchObject({ id: "title", type: "title" });
    expect(source.properties.Price).toMatchObject({ type: "number", number: { format: "dollar" } });
    expect(source.properties.Condition.select.options.map((o: AnyObj) => o.name)).toEqual(["Good", "Fair"]);
    const children = await notion.blocks.children.list({ block_id: parent });
    expect(children.results).toMatchObject([
      { object: "block", id: db.id, type: "child_database", child_database: { title: "Slot Machines" } },
    ]);
    expect((await dataSourcesByTitle(notion)).get("Slot Machines")).toBe(db.data_sources[0].id);
    expect(await notion.pages.retrieve({ page_id: parent })).toMatchObject({
      object: "page",
      parent: { type: "workspace" },
      properties: { title: { type: "title", title: [{ plain_text: "Catalogue" }] } },
    });
  });

  it("refuses a database under no page, under the workspace, under an unknown page, or without exactly one title property", async () => {
    const missing = "0000000000004000800000000000dead";
    const cases: [unknown, number, string, RegExp][] = [
      [{ title: text("X") }, 400, "validation_error", /body\.parent should be defined/],
      [{ parent: { type: "workspace", workspace: true } }, 400, "validation_error", /top level of a workspace/],
      [
        { parent: { type: "page_id", page_id: missing } },
        404,
        "object_not_found",
        /Could not find page with ID: 00000000-0000-4000-8000-00000000dead\. Make sure/,
      ],
      [
        { parent: { page_id: parent }, initial_data_source: { properties: { Notes: { rich_text: {} } } } },
        400,
        "validation_error",
        /exactly one title property, instead it was given 0/,
      ],
      [
        { parent: { page_id: parent }, initial_data_source: { properties: { A: { title: {} }, B: { title: {} } } } },
        400,
        "validation_error",
        /given 2/,
      ],
      [
        {
          parent: { page_id: parent },
          initial_data_source: { properties: { A: { title: {} }, B: { select: { options: [{ name: "a, b" }] } } } },
        },
        400,
        "validation_error",
        /cannot contain commas/,
      ],
      [
        { parent: { page_id: parent }, initial_data_source: { properties: { A: { title: {} }, B: { rollup: {} } } } },
        400,
        "validation_error",
        /should name a property type/,
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const error = await refusal(notion.databases.create(body as never));
      expect(error, JSON.stringify(body)).toMatchObject({ status, code, message: expect.stringMatching(message) });
    }
    expect((await notion.blocks.children.list({ block_id: parent })).results).toEqual([]);
  });

  it("a database given no properties gets Notion's default title property Name; one in the trash leaves search and its page's children", async () => {
    const db = (await notion.databases.create({ parent: { type: "page_id", page_id: parent }, title: text("Scratch") })) as AnyObj;
    const source = (await notion.dataSources.retrieve({ data_source_id: db.data_sources[0].id })) as AnyObj;
    expect(source.properties).toEqual({ Name: expect.objectContaining({ type: "title" }) });
    expect(await notion.databases.update({ database_id: db.id, in_trash: true })).toMatchObject({ in_trash: true });
    expect((await dataSourcesByTitle(notion)).has("Scratch")).toBe(false);
    expect((await notion.blocks.children.list({ block_id: parent })).results).toEqual([]);
  });
});

describe("data source update (PATCH /v1/data_sources)", () => {
  it("adds properties, extends a select keeping the options it is sent (by name or id) and dropping one left out, renames and retypes", async () => {
    const id = (await createSlots()).data_sources[0].id;
    const before = (await notion.dataSources.retrieve({ data_source_id: id })) as AnyObj;
    const good = before.properties.Condition.select.options.find((o: AnyObj) => o.name === "Good");
    const after = (await notion.dataSources.update({
      data_source_id: id,
      properties: {
        Year: { number: { format: "number" } },
        Section: { select: { options: [{ name: "home" }, { name: "news" }] } },
        Condition: { select: { options: [{ id: good.id }, { name: "Restored" }] } },
        Notes: { name: "Serial Number" },
        Photos: { url: {} },
      },
    })) as AnyObj;
    expect(Object.keys(after.properties)).toEqual(["Title", "Price", "Condition", "Photos", "Serial Number", "Year", "Section"]);
    expect(after.properties.Condition.select.options.map((o: AnyObj) => o.name)).toEqual(["Good", "Restored"]);
    expect(after.properties.Condition.select.options[0].id).toBe(good.id);
    expect(after.properties["Serial Number"]).toMatchObject({ id: before.properties.Notes.id, type: "rich_text" });
    expect(after.properties.Photos).toMatchObject({ type: "url", url: {} });
    expect(after.properties.Section.select.options.map((o: AnyObj) => o.name)).toEqual(["home", "news"]);
  });

  it("refuses a second title, a retyped title, a clashing name and an unknown property, changing nothing", async () => {
    const id = (await createSlots()).data_sources[0].id;
    for (const [properties, message] of [
      [{ Key: { title: {} } }, /one title property/],
      [{ Title: { rich_text: {} } }, /title property's type cannot be changed/],
      [{ Notes: { name: "Price" } }, /A property named Price already exists/],
      [{ Ghost: null }, /Ghost is not a property that exists/],
      [{ Year: { number: {} }, Notes: { name: "Title" } }, /A property named Title already exists/],
    ] as const) {
      expect(await refusal(notion.dataSources.update({ data_source_id: id, properties } as never))).toMatchObject({
        status: 400,
        code: "validation_error",
        message: expect.stringMatching(message),
      });
    }
    const source = (await notion.dataSources.retrieve({ data_source_id: id })) as AnyObj;
    expect(Object.keys(source.properties)).toEqual(["Title", "Price", "Condition", "Photos", "Notes"]);
  });
});

describe("page creation (POST /v1/pages)", () => {
  it("creates a row with its properties and body (nested list, code, external image) that query and block children return; appends to its body", async () => {
    const id = (await createSlots()).data_sources[0].id;
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
    const [row] = (await notion.dataSources.query({ data_source_id: id })).results as AnyObj[];
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
    expect(blocks[1].has_children).toBe(true);
    expect((await notion.blocks.children.list({ block_id: blocks[1].id })).results).toMatchObject([
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
    const id = (await createSlots()).data_sources[0].id;
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
