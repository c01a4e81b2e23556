import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";
import { emptyWorkspace } from "../notion-server/workspace.ts";
import { notionClient } from "./client.ts";

let server: NotionServer;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
});
afterAll(() => server.close());

describe("the commands' Notion client", () => {
  it("sends a write Notion answered 409 conflict_error again, and creates the page once", async () => {
    const parent = server.addPage("Catalogue");
    const notion = notionClient({ token: server.token, baseUrl: server.url }, { requestsPerSecond: 0, maxRetries: 0 });
    server.resetStats();
    server.injectFault({ status: 409, path: "POST /v1/pages", times: 2 });
    const page = await notion.pages.create({
      parent: { page_id: parent },
      properties: { title: { title: [{ text: { content: "Notes" } }] } },
    });
    expect(server.stats().byPath["/v1/pages"]).toBe(3);
    const children = await notion.blocks.children.list({ block_id: parent });
    expect(children.results.map((b) => b.id)).toEqual([page.id]);
  });
});
