import { APIErrorCode, APIResponseError, type Client } from "@notionhq/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseIdFor, dataSourceIdFor } from "./ids.ts";
import { errorBody, NotionError } from "./errors.ts";
import { normaliseId } from "./handlers/lookup.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor, dataSourcesByTitle } from "./test-client.ts";

const TITLES = [
  "Slot Machines",
  "Machine Parts",
  "Arcade Machines",
  "Trade Stimulators",
  "Vending Machines",
  "Advertising Items",
  "Vintage Toys",
  "Site Content",
  "Images",
  "Page Descriptions",
  "Page Headers",
  "Posts",
];

let server: NotionServer;
let notion: Client;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
  notion = clientFor(server);
});
afterAll(() => server.close());

async function apiError(promise: Promise<unknown>): Promise<APIResponseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(APIResponseError.isAPIResponseError(error)).toBe(true);
  return error as APIResponseError;
}

describe("search", () => {
  it("finds all 12 demo data sources by title, with their parent database", async () => {
    const found = await dataSourcesByTitle(notion);
    expect([...found.keys()].sort()).toEqual([...TITLES].sort());
    const slots = await notion.search({ query: "slot machines", filter: { property: "object", value: "data_source" } });
    expect(slots.results).toHaveLength(1);
    const ds = slots.results[0] as Record<string, unknown>;
    expect(ds).toMatchObject({
      object: "data_source",
      id: dataSourceIdFor("Slot Machines"),
      parent: { type: "database_id", database_id: databaseIdFor("Slot Machines") },
      database_parent: { type: "workspace", workspace: true },
    });
  });

  it("matches titles case-insensitively and filters pages", async () => {
    const pages = await notion.search({ query: "MILLS CASTLE", filter: { property: "object", value: "page" } });
    expect(pages.results.map((r) => r.object)).toEqual(["page"]);
    const none = await notion.search({ query: "no such title anywhere" });
    expect(none).toMatchObject({ object: "list", results: [], has_more: false, next_cursor: null, type: "page_or_data_source" });
  });

  it("pages with cursors and refuses page_size over 100", async () => {
    const first = await notion.search({ page_size: 5 });
    expect(first.results).toHaveLength(5);
    expect(first.has_more).toBe(true);
    const second = await notion.search({ page_size: 5, start_cursor: first.next_cursor! });
    expect(second.results[0]!.id).not.toBe(first.results[0]!.id);
    const error = await apiError(notion.search({ page_size: 101 }));
    expect(error.status).toBe(400);
    expect(error.code).toBe(APIErrorCode.ValidationError);
  });

  it("refuses the pre-2025 `database` filter value with validation_error", async () => {
    const error = await apiError(notion.search({ filter: { property: "object", value: "database" as "page" } }));
    expect(error.code).toBe(APIErrorCode.ValidationError);
  });
});

describe("databases and data sources", () => {
  it("retrieves a database with its single data source", async () => {
    const db = (await notion.databases.retrieve({ database_id: databaseIdFor("Posts") })) as Record<string, unknown>;
    expect(db).toMatchObject({
      object: "database",
      id: databaseIdFor("Posts"),
      data_sources: [{ id: dataSourceIdFor("Posts"), name: "Posts" }],
    });
    expect((db.title as { plain_text: string }[])[0]!.plain_text).toBe("Posts");
  });

  it("retrieves a data source schema in Notion's property shapes", async () => {
    const ds = (await notion.dataSources.retrieve({ data_source_id: dataSourceIdFor("Slot Machines") })) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(ds.properties.Title).toEqual({ id: "title", name: "Title", description: null, type: "title", title: {} });
    expect(ds.properties.Price).toMatchObject({ type: "number", number: { format: "dollar" } });
    const denomination = ds.properties.Denomination as { select: { options: { id: string; name: string; color: string }[] } };
    expect(denomination.select.options.map((o) => o.name)).toEqual(["1¢", "5¢", "10¢", "25¢", "50¢"]);
    expect(denomination.select.options[0]).toMatchObject({ id: expect.any(String), color: expect.any(String) });
  });

  it("accepts ids without dashes", async () => {
    const ds = await notion.dataSources.retrieve({ data_source_id: dataSourceIdFor("Images").replace(/-/g, "") });
    expect(ds.id).toBe(dataSourceIdFor("Images"));
  });

  it("answers 404 object_not_found for unknown ids", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const call of [
      () => notion.databases.retrieve({ database_id: unknown }),
      () => notion.dataSources.retrieve({ data_source_id: unknown }),
      () => notion.dataSources.query({ data_source_id: unknown }),
      () => notion.pages.retrieve({ page_id: unknown }),
      () => notion.blocks.children.list({ block_id: unknown }),
    ]) {
      const error = await apiError(call());
      expect(error.status).toBe(404);
      expect(error.code).toBe(APIErrorCode.ObjectNotFound);
    }
  });

  it("answers 400 validation_error naming the path parameter for a malformed or a missing id", async () => {
    const malformed = await apiError(notion.pages.retrieve({ page_id: "not-a-page" }));
    expect([malformed.status, malformed.code, malformed.message]).toEqual([
      400,
      APIErrorCode.ValidationError,
      'path failed validation: path.page_id should be a valid uuid, instead was `"not-a-page"`.',
    ]);
    // Every route captures its id, so no request can leave it out: the lookup is asked directly.
    let missing: unknown;
    try {
      normaliseId(undefined, "page_id");
    } catch (error) {
      missing = error;
    }
    expect(missing).toBeInstanceOf(NotionError);
    expect(errorBody(missing as NotionError)).toEqual({
      object: "error",
      status: 400,
      code: "validation_error",
      message: "path failed validation: path.page_id should be defined, instead was `undefined`.",
      request_id: expect.any(String),
    });
  });
});

describe("auth and headers", () => {
  it("answers 401 unauthorized to a wrong token, in Notion's error shape", async () => {
    const error = await apiError(clientFor(server, { auth: "wrong" }).search({}));
    expect(error.status).toBe(401);
    expect(error.code).toBe(APIErrorCode.Unauthorized);
    expect(JSON.parse(error.body)).toEqual({
      object: "error",
      status: 401,
      code: "unauthorized",
      message: "API token is invalid.",
      request_id: expect.any(String),
    });
  });

  it("requires the Notion-Version header", async () => {
    const res = await fetch(`${server.url}/v1/search`, { method: "POST", headers: { Authorization: `Bearer ${server.token}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      object: "error",
      status: 400,
      code: "missing_version",
      message: "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.",
      request_id: expect.any(String),
    });
  });

  it("refuses a Notion-Version other than 2025-09-03 with validation_error", async () => {
    const res = await fetch(`${server.url}/v1/search`, {
      method: "POST",
      headers: { Authorization: `Bearer ${server.token}`, "Notion-Version": "2022-06-28" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      object: "error",
      status: 400,
      code: "validation_error",
      message: "Notion-Version header failed validation: Notion-Version header should be `2025-09-03`, instead was `2022-06-28`.",
      request_id: expect.any(String),
    });
    const pinned = await fetch(`${server.url}/v1/search`, {
      method: "POST",
      headers: { Authorization: `Bearer ${server.token}`, "Notion-Version": "2025-09-03" },
    });
    expect(pinned.status).toBe(200);
  });

  it("answers invalid_request_url for unknown endpoints and invalid_json for bad bodies", async () => {
    const headers = { Authorization: `Bearer ${server.token}`, "Notion-Version": "2025-09-03", "Content-Type": "application/json" };
    const unknown = await fetch(`${server.url}/v1/nothing`, { headers });
    expect(await unknown.json()).toMatchObject({ status: 400, code: "invalid_request_url" });
    const bad = await fetch(`${server.url}/v1/search`, { method: "POST", headers, body: "{nope" });
    expect(await bad.json()).toMatchObject({ status: 400, code: "invalid_json" });
  });
});
