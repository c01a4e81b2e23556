import { describe, expect, it } from "vitest";
import { NOTION_PROPERTY_TYPES } from "#contract/notion";
import { propertyZooDatabase } from "./property-zoo.ts";
import { startNotionServer } from "./server.ts";
import { clientFor } from "./test-client.ts";
import { emptyWorkspace, parseWorkspace, PROPERTY_TYPES, type Workspace } from "./workspace.ts";

const WORKSPACE_ID = "5e7a0000-0000-4000-8000-0000000000f1";
const withDatabase = (database: object): unknown => ({ id: WORKSPACE_ID, name: "test", databases: [database] });

describe("the local Notion server's workspace format", () => {
  it("takes every property type the server serves, each with its values (the property zoo)", () => {
    const zoo = propertyZooDatabase();
    const parsed = parseWorkspace(withDatabase(zoo));
    expect(parsed.databases[0]).toEqual(zoo);
    expect(new Set(Object.values(zoo.properties).map((p) => p.type))).toEqual(new Set(PROPERTY_TYPES));
  });

  it("serves Notion's property types but rollup, created by and last edited by, and refuses a schema naming one of those", () => {
    expect(NOTION_PROPERTY_TYPES.filter((type) => !PROPERTY_TYPES.includes(type as never))).toEqual([
      "rollup",
      "created_by",
      "last_edited_by",
    ]);
    const rollup = { title: "Totals", properties: { Name: { type: "title" }, Sum: { type: "rollup" } }, pages: [] };
    expect(() => parseWorkspace(withDatabase(rollup))).toThrow(/databases\[0\]\.properties\.Sum\.type/);
  });

  it("keeps body blocks nested in columns, tables and toggles, and refuses an unknown block naming where it sits", () => {
    const body = [
      { type: "toggle", text: "Specs", children: [{ type: "paragraph", text: [{ text: "Oak", bold: true }] }] },
      { type: "column_list", children: [{ type: "column", children: [{ type: "divider" }] }] },
      { type: "table", width: 1, children: [{ type: "table_row", cells: ["Year"] }] },
    ];
    const page = { properties: { Name: "Castle Front" }, body };
    const database = { title: "Slots", properties: { Name: { type: "title" } }, pages: [page] };
    expect(parseWorkspace(withDatabase(database)).databases[0]!.pages[0]!.body).toEqual(body);
    const unknown = { ...page, body: [{ type: "toggle", text: "x", children: [{ type: "synced_block" }] }] };
    expect(() => parseWorkspace(withDatabase({ ...database, pages: [unknown] }))).toThrow(
      /databases\[0\]\.pages\[0\]\.body\[0\]\.children\[0\]\.type/,
    );
  });

  it("refuses a value no property type takes, and a workspace without an id", () => {
    const database = { title: "Slots", properties: { Name: { type: "title" } }, pages: [{ properties: { Name: { price: 3 } } }] };
    expect(() => parseWorkspace(withDatabase(database))).toThrow(/Not a workspace the local Notion server can serve/);
    expect(() => parseWorkspace({ name: "no id", databases: [] })).toThrow(/id/);
  });

  it("starts no server on a malformed workspace", async () => {
    const malformed = { id: "not-a-uuid", name: "bad", databases: [] } as unknown as Workspace;
    await expect(startNotionServer({ workspace: malformed })).rejects.toThrow(/id/);
  });

  it("an empty workspace holds only its pages, their ids fixed by title", async () => {
    const empty = emptyWorkspace("Catalogue");
    expect(emptyWorkspace("Catalogue")).toEqual(empty);
    const server = await startNotionServer({ workspace: empty });
    try {
      const pages = await clientFor(server).search({ filter: { property: "object", value: "page" } });
      expect(pages.results.map((p) => p.id)).toEqual([empty.pages[0]!.id]);
      const sources = await clientFor(server).search({ filter: { property: "object", value: "data_source" } });
      expect(sources.results).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
