import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@notionhq/client";
import { NOTION_VERSION } from "#contract/notion";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { emptyWorkspace } from "./workspace.ts";
import { clientFor, refusal } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
let dataSourceId: string;
let png: Buffer;
type AnyObj = Record<string, any>;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  notion = clientFor(server);
  png = await readFile(join(DEMO_IMAGES_DIR, "logo.png"));
  const parent = server.addPage("Catalogue");
  const db = (await notion.databases.create({
    parent: { type: "page_id", page_id: parent },
    title: [{ type: "text", text: { content: "Images" } }],
    initial_data_source: { properties: { Key: { title: {} }, Image: { files: {} } } },
  })) as AnyObj;
  dataSourceId = db.data_sources[0].id;
});
afterAll(() => server.close());

/** A File Upload sent with the logo's bytes. */
async function uploaded(filename = "logo.png"): Promise<AnyObj> {
  const created = await notion.fileUploads.create({ mode: "single_part", filename, content_type: "image/png" });
  return (await notion.fileUploads.send({
    file_upload_id: created.id,
    file: { filename, data: new Blob([new Uint8Array(png)], { type: "image/png" }) },
  })) as AnyObj;
}

describe("file uploads (POST /v1/file_uploads, then .../send)", () => {
  it("creates a pending upload with the address to send to, then takes the content and is uploaded", async () => {
    const created = (await notion.fileUploads.create({ filename: "logo.png", content_type: "image/png" })) as AnyObj;
    expect(created).toMatchObject({
      object: "file_upload",
      status: "pending",
      filename: "logo.png",
      content_type: "image/png",
      content_length: null,
      upload_url: `${server.url}/v1/file_uploads/${created.id}/send`,
    });
    expect(Date.parse(created.expiry_time) - Date.now()).toBeGreaterThan(59 * 60_000);
    const sent = (await notion.fileUploads.send({
      file_upload_id: created.id,
      file: { filename: "logo.png", data: new Blob([new Uint8Array(png)]) },
    })) as AnyObj;
    expect(sent).toMatchObject({ id: created.id, status: "uploaded", content_length: png.length, filename: "logo.png", expiry_time: null });
    expect(sent.upload_url).toBeUndefined();
    expect(await notion.fileUploads.retrieve({ file_upload_id: created.id })).toMatchObject({ status: "uploaded" });
  });

  it("attaches one upload to a files property and an image block; reading them back gives signed URLs serving its bytes", async () => {
    const upload = await uploaded();
    const page = (await notion.pages.create({
      parent: { data_source_id: dataSourceId },
      properties: {
        Key: { title: [{ type: "text", text: { content: "header_image" } }] },
        Image: { files: [{ type: "file_upload", file_upload: { id: upload.id }, name: "logo.png" }] },
      },
      children: [{ type: "image", image: { type: "file_upload", file_upload: { id: upload.id } } }],
    })) as AnyObj;
    const file = page.properties.Image.files[0];
    expect(file).toMatchObject({
      name: "logo.png",
      type: "file",
      file: { url: expect.stringMatching(/X-Amz-Signature=/), expiry_time: expect.any(String) },
    });
    const block = (await notion.blocks.children.list({ block_id: page.id })).results[0] as AnyObj;
    expect(block).toMatchObject({ type: "image", image: { type: "file", file: { url: expect.stringContaining("/files/") } } });
    for (const url of [file.file.url, block.image.file.url]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it("refuses to send twice, to send no file, to attach a pending upload, and answers 404 for an unknown upload", async () => {
    const done = await uploaded();
    expect(await refusal(notion.fileUploads.send({ file_upload_id: done.id, file: { data: "again" } }))).toMatchObject({
      status: 400,
      code: "validation_error",
      message: expect.stringContaining("only a pending upload can be sent"),
    });
    const pending = await notion.fileUploads.create({});
    const empty = await fetch(`${server.url}/v1/file_uploads/${pending.id}/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "notion-version": NOTION_VERSION },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      object: "error",
      code: "validation_error",
      message: expect.stringContaining("body.file should be defined"),
    });
    const attach = notion.pages.create({
      parent: { data_source_id: dataSourceId },
      properties: { Image: { files: [{ type: "file_upload", file_upload: { id: pending.id } }] } },
    });
    expect(await refusal(attach)).toMatchObject({ status: 400, message: expect.stringContaining("is pending: send its content") });
    expect(await refusal(notion.fileUploads.retrieve({ file_upload_id: "00000000-0000-4000-8000-0000000000aa" }))).toMatchObject({
      status: 404,
      code: "object_not_found",
    });
    expect(await refusal(notion.fileUploads.create({ mode: "multi_part", number_of_parts: 1001, filename: "big.png" }))).toMatchObject({
      status: 400,
      message: expect.stringContaining("body.number_of_parts should be an integer from 1 to 1000"),
    });
  });
});
