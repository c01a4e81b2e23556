import { APIErrorCode, APIResponseError, type Client } from "@notionhq/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCatalogueWorkspace } from "../bench/lib/generate-workspace.ts";
import { dataSourceIdFor } from "./ids.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { clientFor } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
const SLOTS = dataSourceIdFor("Slot Machines");

beforeAll(async () => {
  server = await startNotionServer({ workspace: generateCatalogueWorkspace(1000) });
  notion = clientFor(server);
});
afterAll(() => server.close());

describe("data source query", () => {
  it("pages through more than 100 pages with opaque cursors, each page once", async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const page = await notion.dataSources.query({ data_source_id: SLOTS, start_cursor: cursor });
      expect(page).toMatchObject({ object: "list", type: "page_or_data_source", page_or_data_source: {} });
      expect(page.results.length).toBeLessThanOrEqual(100);
      ids.push(...page.results.map((r) => r.id));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor ?? undefined;
      calls += 1;
    } while (cursor);
    expect(ids).toHaveLength(143);
    expect(new Set(ids).size).toBe(143);
    expect(calls).toBe(2);
  });

  it("defaults to 100 per page and honours a smaller page_size", async () => {
    expect((await notion.dataSources.query({ data_source_id: SLOTS })).results).toHaveLength(100);
    expect((await notion.dataSources.query({ data_source_id: SLOTS, page_size: 7 })).results).toHaveLength(7);
  });

  it("answers 400 validation_error to page_size 101 and to an unknown cursor", async () => {
    for (const body of [{ page_size: 101 }, { start_cursor: "not-a-cursor" }]) {
      const error = await notion.dataSources.query({ data_source_id: SLOTS, ...body }).catch((e: unknown) => e);
      expect(APIResponseError.isAPIResponseError(error) && error.code).toBe(APIErrorCode.ValidationError);
      expect((error as APIResponseError).status).toBe(400);
    }
  });

  it("spreads generated items over the 7 catalogue databases with unique hosted main images", async () => {
    const workspace = generateCatalogueWorkspace(1000);
    expect(workspace.databases.map((d) => d.pages.length)).toEqual([143, 143, 143, 143, 143, 143, 142]);
    const page = await notion.dataSources.query({ data_source_id: SLOTS, page_size: 100 });
    const files = page.results.map(
      (r) =>
        (r as { properties: Record<string, { files?: { type: string; file?: { url: string } }[] }> }).properties["Main Image"]!.files![0]!,
    );
    expect(files.every((f) => f.type === "file")).toBe(true);
    const fileIds = files.map((f) => new URL(f.file!.url).pathname.split("/")[3]);
    expect(new Set(fileIds).size).toBe(100);
  });

  it("applies simple filters and sorts", async () => {
    const forSale = await notion.dataSources.query({ data_source_id: SLOTS, filter: { property: "For Sale", checkbox: { equals: true } } });
    expect(forSale.results.length).toBeGreaterThan(0);
    for (const r of forSale.results)
      expect((r as unknown as { properties: { "For Sale": { checkbox: boolean } } }).properties["For Sale"].checkbox).toBe(true);
    const sorted = await notion.dataSources.query({
      data_source_id: SLOTS,
      sorts: [{ property: "Year", direction: "descending" }],
      page_size: 5,
    });
    const years = sorted.results.map((r) => (r as unknown as { properties: { Year: { number: number } } }).properties.Year.number);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });
});

describe("data source query: timestamps and filter_properties", () => {
  it("returns only pages edited on or after a last_edited_time, and only the properties filter_properties names", async () => {
    const all = (await notion.dataSources.query({ data_source_id: SLOTS, page_size: 100 })).results as {
      id: string;
      last_edited_time: string;
    }[];
    const times = all.map((p) => p.last_edited_time).sort();
    const cut = times[Math.floor(times.length / 2)]!;
    const recent = await notion.dataSources.query({
      data_source_id: SLOTS,
      filter: { timestamp: "last_edited_time", last_edited_time: { on_or_after: cut } },
    });
    const recentTimes = recent.results.map((r) => (r as { last_edited_time: string }).last_edited_time);
    expect(recentTimes.length).toBeGreaterThan(0);
    expect(recentTimes.length).toBeLessThan(143);
    expect(recentTimes.every((t) => t >= cut)).toBe(true);
    const titles = await notion.dataSources.query({ data_source_id: SLOTS, page_size: 3, filter_properties: ["title"] });
    for (const r of titles.results) expect(Object.keys((r as { properties: object }).properties)).toEqual(["Title"]);
  });
});
