import { NOTION_VERSION } from "#contract/notion";
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dataSourceIdFor } from "./ids.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor } from "./test-client.ts";
import { LOCAL_WEBHOOK_TOKEN } from "./webhooks.ts";

type Received = { body: string; signature: string | undefined };
let server: NotionServer;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let slotId: string;
const firstSlot = () => slotId;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
  slotId = (await clientFor(server).dataSources.query({ data_source_id: dataSourceIdFor("Slot Machines"), page_size: 1 })).results[0]!.id;
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ body, signature: req.headers["x-notion-signature"] as string | undefined });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, "127.0.0.1", ready));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await server.close();
  await new Promise((done) => receiver.close(done));
});
beforeEach(() => {
  received = [];
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};
const title = (text: string) => ({ Title: { title: [{ type: "text" as const, text: { content: text } }] } });
const events = () =>
  received.map(
    (r) =>
      JSON.parse(r.body) as {
        id: string;
        type: string;
        timestamp: string;
        entity: { id: string; type: string };
        data: { parent: { type: string } };
      },
  );

describe("local Notion server webhooks", () => {
  it("subscribing sends Notion's verification request (the token, unsigned) to the URL", async () => {
    const res = await fetch(`${server.url}/__control/webhook`, { method: "POST", body: JSON.stringify({ url: receiverUrl }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: LOCAL_WEBHOOK_TOKEN, status: 200 });
    expect(received).toEqual([{ body: JSON.stringify({ verification_token: LOCAL_WEBHOOK_TOKEN }), signature: undefined }]);
  });

  it("a page edit sends one signed page.properties_updated event; edits within the window are aggregated", async () => {
    const notion = clientFor(server);
    const id = firstSlot();
    await notion.pages.update({ page_id: id, properties: title("Edited Once") });
    await notion.pages.update({ page_id: id, properties: title("Edited Twice") });
    await until(() => received.length > 0);
    await new Promise((r) => setTimeout(r, 400));
    expect(received).toHaveLength(1);
    const [event] = events();
    expect(event).toMatchObject({
      type: "page.properties_updated",
      entity: { id, type: "page" },
      data: { parent: { type: "data_source" } },
    });
    expect(Date.now() - Date.parse(event!.timestamp)).toBeLessThan(5000);
    expect(received[0]!.signature).toBe(`sha256=${createHmac("sha256", LOCAL_WEBHOOK_TOKEN).update(received[0]!.body).digest("hex")}`);
  });

  it("trashing and restoring a page send page.deleted and page.undeleted", async () => {
    const notion = clientFor(server);
    await notion.pages.update({ page_id: firstSlot(), in_trash: true });
    await until(() => received.length > 0);
    await notion.pages.update({ page_id: firstSlot(), in_trash: false });
    await until(() => received.length > 1);
    expect(events().map((e) => e.type)).toEqual(["page.deleted", "page.undeleted"]);
    expect(new Set(events().map((e) => e.id)).size).toBe(2);
  });

  it("a schema edit (PATCH /v1/data_sources) adds the property and sends data_source.schema_updated", async () => {
    const dataSourceId = dataSourceIdFor("Slot Machines");
    const res = await fetch(`${server.url}/v1/data_sources/${dataSourceId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${server.token}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
      body: JSON.stringify({ properties: { Provenance: { rich_text: {} } } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { properties: Record<string, { type: string }> }).properties.Provenance).toMatchObject({
      type: "rich_text",
    });
    await until(() => received.length > 0);
    expect(events()).toMatchObject([
      { type: "data_source.schema_updated", entity: { id: dataSourceId, type: "data_source" }, data: { parent: { type: "database" } } },
    ]);
    const removed = await fetch(`${server.url}/v1/data_sources/${dataSourceId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${server.token}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
      body: JSON.stringify({ properties: { Provenance: null, Title: null } }),
    });
    expect(removed.status).toBe(400);
    // The refused edit changed nothing: Provenance is still there.
    expect(Object.keys((await clientFor(server).dataSources.retrieve({ data_source_id: dataSourceId })).properties)).toContain(
      "Provenance",
    );
  });

  it("after unsubscribing, edits send nothing; a bad URL is refused", async () => {
    expect((await fetch(`${server.url}/__control/webhook`, { method: "DELETE" })).status).toBe(200);
    await clientFor(server).pages.update({ page_id: firstSlot(), properties: title("Quiet Edit") });
    await new Promise((r) => setTimeout(r, 400));
    expect(received).toEqual([]);
    expect((await fetch(`${server.url}/__control/webhook`, { method: "POST", body: JSON.stringify({ url: "not a url" }) })).status).toBe(
      400,
    );
  });
});
