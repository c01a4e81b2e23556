import { NOTION_VERSION } from "#contract/notion";
import { APIResponseError } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor } from "./test-client.ts";

let server: NotionServer;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
});
beforeEach(() => fetch(`${server.url}/__control/reset`, { method: "POST" }));
afterAll(() => server.close());

const inject = (body: object) =>
  fetch(`${server.url}/__control/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("injected faults", () => {
  it("answers an injected 429 with Retry-After and Notion's error shape, once", async () => {
    expect((await inject({ status: 429, retryAfter: 2 })).status).toBe(200);
    const notion = clientFor(server);
    const error = await notion.search({}).catch((e: unknown) => e);
    expect(APIResponseError.isAPIResponseError(error)).toBe(true);
    const e = error as APIResponseError;
    expect(e.status).toBe(429);
    expect(e.code).toBe("rate_limited");
    expect((e.headers as Headers).get("retry-after")).toBe("2");
    expect(JSON.parse(e.body)).toEqual({
      object: "error",
      status: 429,
      code: "rate_limited",
      message: expect.any(String),
      request_id: expect.any(String),
    });
    await expect(notion.search({})).resolves.toMatchObject({ object: "list" });
  });

  it("matches faults by path substring and counts them down with `times`", async () => {
    await inject({ status: 503, times: 2, path: "/query" });
    const notion = clientFor(server);
    const ds = (await notion.search({ filter: { property: "object", value: "data_source" }, page_size: 1 })).results[0]!.id;
    for (let i = 0; i < 2; i++) {
      const e = (await notion.dataSources.query({ data_source_id: ds }).catch((x: unknown) => x)) as APIResponseError;
      expect([e.status, e.code]).toEqual([503, "service_unavailable"]);
    }
    await expect(notion.dataSources.query({ data_source_id: ds })).resolves.toMatchObject({ object: "list" });
  });

  it.each([
    [409, "conflict_error"],
    [500, "internal_server_error"],
    [502, "bad_gateway"],
    [503, "service_unavailable"],
  ])("injects %i as %s", async (status, code) => {
    await inject({ status });
    const res = await fetch(`${server.url}/v1/search`, {
      method: "POST",
      headers: { Authorization: "Bearer demo-token", "Notion-Version": NOTION_VERSION },
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ object: "error", status, code });
  });

  it("lets the client's own retry ride over a 429 with Retry-After", async () => {
    await inject({ status: 429, retryAfter: 0, times: 1 });
    await expect(clientFor(server, { retry: true }).search({ page_size: 1 })).resolves.toMatchObject({ object: "list" });
    expect(server.stats().byPath["/v1/search"]).toBe(2);
  });

  it("lets the first `skip` matching requests through, so a later cursor page fails", async () => {
    await inject({ status: 500, path: "/query", skip: 1 });
    const notion = clientFor(server);
    const ds = (await notion.search({ filter: { property: "object", value: "data_source" }, page_size: 1 })).results[0]!.id;
    const first = await notion.dataSources.query({ data_source_id: ds, page_size: 1 });
    const second = (await notion.dataSources
      .query({ data_source_id: ds, page_size: 1, start_cursor: first.next_cursor! })
      .catch((x: unknown) => x)) as APIResponseError;
    expect([second.status, second.code]).toEqual([500, "internal_server_error"]);
    await expect(notion.dataSources.query({ data_source_id: ds, page_size: 1, start_cursor: first.next_cursor! })).resolves.toMatchObject({
      object: "list",
    });
  });

  it("answers an injected body as it is: JSON, or a string as text", async () => {
    await inject({ status: 200, path: "/v1/search", body: { object: "list", results: "nope" } });
    await inject({ status: 200, path: "/v1/search", body: "<html>oops</html>" });
    const call = () =>
      fetch(`${server.url}/v1/search`, {
        method: "POST",
        headers: { Authorization: "Bearer demo-token", "Notion-Version": NOTION_VERSION },
      });
    const json = await call();
    expect([json.status, json.headers.get("content-type"), await json.json()]).toEqual([
      200,
      "application/json; charset=utf-8",
      { object: "list", results: "nope" },
    ]);
    const text = await call();
    expect([text.status, text.headers.get("content-type"), await text.text()]).toEqual([
      200,
      "text/plain; charset=utf-8",
      "<html>oops</html>",
    ]);
    expect(await (await call()).json()).toMatchObject({ object: "list", has_more: false });
  });

  it("answers a file download only with a fault whose path names it; a fault without a path leaves downloads alone", async () => {
    const notion = clientFor(server);
    const sources = await notion.search({ filter: { property: "object", value: "data_source" } });
    const slots = sources.results.find((r) => "title" in r && r.title.map((t) => t.plain_text).join("") === "Slot Machines")!;
    const pages = (await notion.dataSources.query({ data_source_id: slots.id })).results as { properties: Record<string, any> }[];
    const url: string = pages.map((p) => p.properties["Main Image"].files.find((f: any) => f.type === "file")?.file.url).find(Boolean);
    const path = new URL(url).pathname;
    await inject({ status: 500 });
    expect((await fetch(url)).status).toBe(200);
    const queued = (await (await inject({ status: 404, path, message: "gone" })).json()) as { pending: { status: number }[] };
    expect(queued.pending.map((f) => f.status)).toEqual([500, 404]);
    const failed = await fetch(url);
    expect([failed.status, await failed.json()]).toEqual([404, expect.objectContaining({ status: 404, message: "gone" })]);
    expect((await fetch(url)).status).toBe(200);
  });

  it("refuses a malformed fault with 400", async () => {
    expect((await inject({ status: "soon" })).status).toBe(400);
    expect((await inject({ status: 200 })).status).toBe(400);
  });
});

describe("stats and reset", () => {
  it("counts API requests per path; reset clears them and restores edited data", async () => {
    const notion = clientFor(server);
    await notion.search({});
    await notion.search({});
    const stats = await (await fetch(`${server.url}/__control/stats`)).json();
    expect(stats).toMatchObject({ requests: 2, byPath: { "/v1/search": 2 } });
    const page = (await notion.search({ query: "Mills Castle Front", filter: { property: "object", value: "page" } })).results[0]!;
    await notion.pages.update({ page_id: page.id, properties: { Title: { title: [{ text: { content: "Edited" } }] } } });
    await fetch(`${server.url}/__control/reset`, { method: "POST" });
    expect(server.stats()).toMatchObject({ requests: 0, byPath: {} });
    const again = (await notion.pages.retrieve({ page_id: page.id })) as { properties: Record<string, any> };
    expect(again.properties.Title.title[0].plain_text).toBe("Mills Castle Front 5¢");
  });
});
