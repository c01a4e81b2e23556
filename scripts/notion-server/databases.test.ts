import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { emptyWorkspace } from "./workspace.ts";
import { clientFor, createSlots as slotsUnder, dataSourcesByTitle, refusal, text } from "./test-client.ts";

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

describe("database creation (POST /v1/databases)", () => {
  it("creates a database under a page, its one data source holding the schema, listed among the page's children and found by search", async () => {
    const db = await slotsUnder(notion, parent);
    expect(db).toMatchObject({
      object: "database",
      parent: { type: "page_id", page_id: parent },
      title: [{ plain_text: "Slot Machines" }],
      data_sources: [{ id: expect.any(String), name: "Slot Machines" }],
      in_trash: false,
    });
    const source = (await notion.dataSources.retrieve({ data_source_id: db.data_sources[0]!.id })) as AnyObj;
    expect(source).toMatchObject({ parent: { database_id: db.id }, database_parent: { type: "page_id", page_id: parent } });
    expect(Object.keys(source.properties)).toEqual(["Title", "Price", "Condition", "Photos", "Notes"]);
    expect(source.properties.Title).toMatchObject({ id: "title", type: "title" });
    expect(source.properties.Price).toMatchObject({ type: "number", number: { format: "dollar" } });
    expect(source.properties.Condition.select.options.map((o: AnyObj) => o.name)).toEqual(["Good", "Fair"]);
    const children = await notion.blocks.children.list({ block_id: parent });
    expect(children.results).toMatchObject([
      { object: "block", id: db.id, type: "child_database", child_database: { title: "Slot Machines" } },
    ]);
    expect((await dataSourcesByTitle(notion)).get("Slot Machines")).toBe(db.data_sources[0]!.id);
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
        /should not contain commas/,
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
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
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

  it("removes a property with its values: added again under that name, it starts empty on every page", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
    const page = await notion.pages.create({
      parent: { data_source_id: id },
      properties: { Title: { title: text("Mills Blue Front") }, Price: { number: 3900 } },
    });
    await notion.dataSources.update({ data_source_id: id, properties: { Price: null } });
    await notion.dataSources.update({ data_source_id: id, properties: { Price: { number: {} } } });
    expect(((await notion.pages.retrieve({ page_id: page.id })) as AnyObj).properties.Price).toMatchObject({
      type: "number",
      number: null,
    });
  });

  it("refuses a second title, a retyped title, a clashing name and an unknown property, changing nothing", async () => {
    const id = (await slotsUnder(notion, parent)).data_sources[0]!.id;
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
