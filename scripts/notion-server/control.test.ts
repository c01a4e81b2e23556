import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor, dataSourcesByTitle } from "./test-client.ts";

let server: NotionServer;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
});
afterAll(() => server.close());

const addDatabase = (body: object) => fetch(`${server.url}/__control/databases`, { method: "POST", body: JSON.stringify(body) });
const HOSTILE = `Robert"); DROP TABLE x;--`;

describe("POST /__control/databases", () => {
  it("adds a database with hostile title and property names that search then finds", async () => {
    const res = await addDatabase({
      title: HOSTILE,
      properties: {
        Name: { type: "title" },
        [`"; DELETE FROM sync_tables;--`]: { type: "rich_text" },
        id: { type: "number" },
        "Created Time": { type: "created_time" },
      },
      pages: [{ properties: { Name: "First", [`"; DELETE FROM sync_tables;--`]: "x'); --", id: 7 } }],
    });
    expect(res.status).toBe(200);
    const added = (await res.json()) as { dataSourceId: string };
    expect(added).toMatchObject({ id: expect.any(String), dataSourceId: expect.any(String), pageIds: [expect.any(String)] });
    const notion = clientFor(server);
    expect((await dataSourcesByTitle(notion)).get(HOSTILE)).toBe(added.dataSourceId);
    const rows = (await notion.dataSources.query({ data_source_id: added.dataSourceId })).results as { properties: Record<string, any> }[];
    expect(rows[0]!.properties.id).toMatchObject({ type: "number", number: 7 });
    expect(rows[0]!.properties["Created Time"]).toMatchObject({ type: "created_time", created_time: expect.any(String) });
  });

  it("refuses a database without a title property, or pages setting unknown properties", async () => {
    expect((await addDatabase({ title: "No title", properties: { A: { type: "rich_text" } }, pages: [] })).status).toBe(400);
    expect(
      (await addDatabase({ title: "Typo", properties: { Name: { type: "title" } }, pages: [{ properties: { Nmae: "x" } }] })).status,
    ).toBe(400);
    expect((await dataSourcesByTitle(clientFor(server))).has("Typo")).toBe(false);
  });

  it("adds a second database of a title beside the first, or with `replace` in its place", async () => {
    const notion = clientFor(server);
    const titled = async (title: string) =>
      (await notion.search({ query: title, filter: { property: "object", value: "data_source" } })).results.map((r) => r.id);
    const [demoToys] = await titled("Vintage Toys");
    const second = (await (
      await addDatabase({
        id: "7e57da7a-0000-4000-8000-0000000000f1",
        dataSourceId: "7e57da7a-0000-4000-8000-0000000000f2",
        title: "Vintage Toys",
        properties: { Name: { type: "title" } },
        pages: [],
      })
    ).json()) as { dataSourceId: string };
    expect((await titled("Vintage Toys")).sort()).toEqual([demoToys, second.dataSourceId].sort());
    const only = (await (
      await addDatabase({
        id: "7e57da7a-0000-4000-8000-0000000000f3",
        dataSourceId: "7e57da7a-0000-4000-8000-0000000000f4",
        title: "vintage toys ",
        properties: { Name: { type: "title" } },
        pages: [{ properties: { Name: "x" } }],
        replace: true,
      })
    ).json()) as { dataSourceId: string; pageIds: string[] };
    expect(await titled("Vintage Toys")).toEqual([only.dataSourceId]);
    expect((await notion.dataSources.query({ data_source_id: only.dataSourceId })).results.map((p) => p.id)).toEqual(only.pageIds);
    await fetch(`${server.url}/__control/reset`, { method: "POST" });
    expect(await titled("Vintage Toys")).toEqual([demoToys]);
  });

  it("is undone by reset", async () => {
    await addDatabase({ title: "Temporary", properties: { Name: { type: "title" } }, pages: [] });
    await fetch(`${server.url}/__control/reset`, { method: "POST" });
    expect((await dataSourcesByTitle(clientFor(server))).has("Temporary")).toBe(false);
  });

  it("answers 404 for unknown control endpoints", async () => {
    expect((await fetch(`${server.url}/__control/nothing`)).status).toBe(404);
  });
});
