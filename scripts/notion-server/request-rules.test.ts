import type { Client } from "@notionhq/client";
import { NOTION_VERSION } from "#contract/notion";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startNotionServer, type NotionServer } from "./server.ts";
import { emptyWorkspace } from "./workspace.ts";
import { clientFor, refusal, text } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
let parent: string;
let dataSource: string;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  notion = clientFor(server);
});
beforeEach(async () => {
  server.reset();
  parent = server.addPage("Catalogue");
  const db = (await notion.databases.create({
    parent: { type: "page_id", page_id: parent },
    title: text("Rules"),
    initial_data_source: {
      properties: {
        Title: { title: {} },
        Condition: { select: { options: [{ name: "Good" }] } },
        Tags: { multi_select: {} },
        Notes: { rich_text: {} },
        Link: { url: {} },
        Contact: { email: {} },
        Phone: { phone_number: {} },
      },
    },
  })) as { data_sources: { id: string }[] };
  dataSource = db.data_sources[0]!.id;
});
afterAll(() => server.close());

const row = (properties: Record<string, unknown>, children?: unknown[]) =>
  notion.pages.create({
    parent: { data_source_id: dataSource },
    properties: { Title: { title: text("Row") }, ...properties } as never,
    children: children as never,
  });

/** A raw API request (for bodies the client would not send), answering status and JSON. */
async function raw(method: string, path: string, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const paragraph = (children?: unknown[]) => ({ type: "paragraph", paragraph: { rich_text: text("x"), ...(children ? { children } : {}) } });

describe("Notion's request rules, enforced with Notion's error shape (400 validation_error naming the field)", () => {
  it("refuses an option name with a comma or over 100 characters in a page's select and multi-select, and adds no option for a refused page", async () => {
    expect(await refusal(row({ Condition: { select: { name: "Restored; figure re-dressed, motor rebuilt" } } }))).toEqual({
      status: 400,
      code: "validation_error",
      message:
        'body failed validation: body.properties.Condition.select.name should not contain commas, instead was `"Restored; figure re-dressed, motor rebuilt"`.',
    });
    expect(await refusal(row({ Tags: { multi_select: [{ name: "ok" }, { name: "x".repeat(101) }] } }))).toMatchObject({
      status: 400,
      message: "body failed validation: body.properties.Tags.multi_select[1].name.length should be ≤ `100`, instead was `101`.",
    });
    expect(await refusal(row({ Tags: { multi_select: Array.from({ length: 101 }, (_, i) => ({ name: `t${i}` })) } }))).toMatchObject({
      message: "body failed validation: body.properties.Tags.multi_select.length should be ≤ `100`, instead was `101`.",
    });
    // All or nothing: the refused page's new option "ok" was not added to the schema.
    const schema = (await notion.dataSources.retrieve({ data_source_id: dataSource })) as any;
    expect(schema.properties.Tags.multi_select.options).toEqual([]);
    await row({ Condition: { select: { name: "x".repeat(100) } } });
    expect(
      await refusal(
        notion.dataSources.update({ data_source_id: dataSource, properties: { Kind: { select: { options: [{ name: "a,b" }] } } } }),
      ),
    ).toMatchObject({
      message: 'body failed validation: body.properties.Kind.select.options[0].name should not contain commas, instead was `"a,b"`.',
    });
  });

  it("refuses rich text over 2,000 characters in one text object, over 100 objects in one array, or with a link over 2,000 characters", async () => {
    await row({ Notes: { rich_text: text("x".repeat(2000)) } });
    expect(await refusal(row({ Notes: { rich_text: text("x".repeat(2001)) } }))).toMatchObject({
      status: 400,
      code: "validation_error",
      message: "body failed validation: body.properties.Notes.rich_text[0].text.content.length should be ≤ `2000`, instead was `2001`.",
    });
    const pieces = Array.from({ length: 101 }, () => ({ type: "text", text: { content: "x" } }));
    expect(await refusal(row({ Notes: { rich_text: pieces } }))).toMatchObject({
      message: "body failed validation: body.properties.Notes.rich_text.length should be ≤ `100`, instead was `101`.",
    });
    const link = { type: "text", text: { content: "x", link: { url: `https://example.com/${"a".repeat(2000)}` } } };
    expect(await refusal(row({ Notes: { rich_text: [link] } }))).toMatchObject({
      message: "body failed validation: body.properties.Notes.rich_text[0].text.link.url.length should be ≤ `2000`, instead was `2020`.",
    });
    expect(await refusal(row({}, [{ type: "paragraph", paragraph: { rich_text: pieces } }]))).toMatchObject({
      message: "body failed validation: body.children[0].paragraph.rich_text.length should be ≤ `100`, instead was `101`.",
    });
  });

  it("refuses a URL over 2,000 characters, an email or phone number over 200", async () => {
    await row({ Link: { url: `https://example.com/${"a".repeat(1980)}` }, Contact: { email: `${"a".repeat(188)}@example.com` } });
    expect(await refusal(row({ Link: { url: `https://example.com/${"a".repeat(1981)}` } }))).toMatchObject({
      message: "body failed validation: body.properties.Link.url.length should be ≤ `2000`, instead was `2001`.",
    });
    expect(await refusal(row({ Contact: { email: `${"a".repeat(189)}@example.com` } }))).toMatchObject({
      message: "body failed validation: body.properties.Contact.email.length should be ≤ `200`, instead was `201`.",
    });
    expect(await refusal(row({ Phone: { phone_number: "1".repeat(201) } }))).toMatchObject({
      message: "body failed validation: body.properties.Phone.phone_number.length should be ≤ `200`, instead was `201`.",
    });
  });

  it("refuses more than 100 blocks in one children array, nesting deeper than two levels, and more than 1,000 blocks in one request", async () => {
    const page = await row(
      {},
      Array.from({ length: 100 }, () => paragraph()),
    );
    expect(
      await refusal(
        notion.blocks.children.append({ block_id: page.id, children: Array.from({ length: 101 }, () => paragraph()) as never }),
      ),
    ).toMatchObject({
      message: "body failed validation: body.children.length should be ≤ `100`, instead was `101`.",
    });
    await row({}, [paragraph([paragraph([paragraph()])])]);
    expect(await refusal(row({}, [paragraph([paragraph([paragraph([paragraph()])])])]))).toMatchObject({
      message: expect.stringMatching(
        /^body failed validation: body\.children\[0\]\.paragraph\.children\[0\]\.paragraph\.children\[0\]\.paragraph\.children should be not present/,
      ),
    });
    // 100 blocks with 9 children each: 1,000 blocks in all is the most one request holds.
    const nine = () => paragraph(Array.from({ length: 9 }, () => paragraph()));
    await row({}, Array.from({ length: 100 }, nine));
    expect(
      await refusal(row({}, [...Array.from({ length: 99 }, nine), paragraph(Array.from({ length: 10 }, () => paragraph()))])),
    ).toMatchObject({
      message: "body failed validation: body.children holds 1001 blocks with their children, more than the 1000 one request may hold.",
    });
  });

  it("refuses a request body over 500 KB", async () => {
    const notes = Array.from({ length: 100 }, () => ({ type: "text", text: { content: "x".repeat(2000) } }));
    const body = JSON.stringify({
      parent: { data_source_id: dataSource },
      properties: { Notes: { rich_text: notes }, Title: { title: notes } },
      children: [{ type: "paragraph", paragraph: { rich_text: notes } }],
    });
    expect(body.length).toBeGreaterThan(500_000);
    const { status, json } = await raw("POST", "/v1/pages", body);
    expect([status, json.object, json.code, json.message]).toEqual([
      400,
      "error",
      "validation_error",
      `Request body is ${body.length} bytes, more than the 500 KB one request may carry.`,
    ]);
    expect(json.request_id).toEqual(expect.any(String));
  });

  it("refuses a page_size over 100", async () => {
    expect(await refusal(notion.dataSources.query({ data_source_id: dataSource, page_size: 101 }))).toMatchObject({
      message: "body failed validation: body.page_size should be ≤ `100`, instead was `101`.",
    });
    expect(await refusal(notion.blocks.children.list({ block_id: parent, page_size: 101 }))).toMatchObject({
      message: "query failed validation: query.page_size should be ≤ `100`, instead was `101`.",
    });
  });
});

describe("the File Upload API's sizes", () => {
  const send = (target: NotionServer, id: string, bytes: number, part?: number) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), "big.bin");
    if (part !== undefined) form.set("part_number", String(part));
    return fetch(`${target.url}/v1/file_uploads/${id}/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.token}`, "notion-version": NOTION_VERSION },
      body: form,
    }).then(async (res) => ({ status: res.status, json: (await res.json()) as Record<string, any> }));
  };
  const MIB = 1024 * 1024;

  // Notion's real sizes: some 80 MB go through the local server, given longer than vitest's 5 s per test.
  it("takes at most 20 MB in one part, sends a larger file in parts of 5 to 20 MB, and never more than the workspace's own limit, which the bot user reports", async () => {
    const limited = await startNotionServer({
      workspace: emptyWorkspace(),
      maxFileUploadBytes: 30 * MIB,
    });
    const paid = clientFor(limited);
    try {
      expect(await paid.users.me({})).toMatchObject({
        type: "bot",
        bot: { workspace_limits: { max_file_upload_size_in_bytes: 30 * MIB } },
      });
      const single = await paid.fileUploads.create({ mode: "single_part", filename: "big.bin" });
      const tooBig = await send(limited, single.id, 20 * MIB + 1);
      expect(tooBig).toMatchObject({
        status: 400,
        json: { code: "validation_error", message: expect.stringContaining("send a larger file as a multi_part upload") },
      });
      const parts = await paid.fileUploads.create({ mode: "multi_part", filename: "big.bin", number_of_parts: 2 });
      expect(await send(limited, parts.id, 4 * MIB, 1)).toMatchObject({
        status: 400,
        json: { message: expect.stringContaining("every part but the last takes 5 to 20 MiB") },
      });
      expect((await send(limited, parts.id, 20 * MIB, 1)).status).toBe(200);
      expect(await refusal(paid.fileUploads.complete({ file_upload_id: parts.id }))).toMatchObject({
        message: expect.stringContaining("lacks parts 2"),
      });
      expect((await send(limited, parts.id, 1 * MIB, 2)).status).toBe(200);
      expect(await paid.fileUploads.complete({ file_upload_id: parts.id })).toMatchObject({ status: "uploaded", content_length: 21 * MIB });
      const overLimit = await paid.fileUploads.create({ mode: "multi_part", filename: "bigger.bin", number_of_parts: 2 });
      await send(limited, overLimit.id, 20 * MIB, 1);
      await send(limited, overLimit.id, 11 * MIB, 2);
      expect(await refusal(paid.fileUploads.complete({ file_upload_id: overLimit.id }))).toMatchObject({
        status: 400,
        message: expect.stringContaining("more than the 30 MiB this workspace takes per file"),
      });
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe("Notion's search lag", () => {
  it("leaves out of search, for the set time, what was written since; off by default, and search sees it at once", async () => {
    const titles = async () =>
      (await notion.search({ filter: { property: "object", value: "data_source" } })).results.map((r: any) => r.title[0].plain_text);
    expect(await titles()).toEqual(["Rules"]);
    server.setSearchLag(600);
    expect(await titles()).toEqual([]);
    // The page's child_database blocks list it all the same.
    const children = await notion.blocks.children.list({ block_id: parent });
    expect(children.results.map((b: any) => b.child_database?.title)).toEqual(["Rules"]);
    const control = await fetch(`${server.url}/__control/search-lag`, { method: "POST", body: JSON.stringify({ seconds: 0 }) });
    expect(await control.json()).toEqual({ ok: true, seconds: 0 });
    expect(await titles()).toEqual(["Rules"]);
  });
});
