import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSourceIdFor, pageIdFor } from "./ids.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor } from "./test-client.ts";

let server: NotionServer;
let notion: Client;
type AnyObj = Record<string, any>;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
  notion = clientFor(server);
});
afterAll(() => server.close());

describe("pages", () => {
  it("serves page property values in Notion's shapes", async () => {
    const page = (await notion.pages.retrieve({ page_id: pageIdFor("Slot Machines", "Mills Castle Front 5¢") })) as AnyObj;
    expect(page).toMatchObject({
      object: "page",
      parent: { type: "data_source_id", data_source_id: dataSourceIdFor("Slot Machines") },
      in_trash: false,
      archived: false,
    });
    const p = page.properties;
    expect(p.Title).toMatchObject({
      id: "title",
      type: "title",
      title: [{ type: "text", plain_text: "Mills Castle Front 5¢", href: null, annotations: { bold: false, color: "default" } }],
    });
    expect(p.Year).toMatchObject({ type: "number", number: 1933 });
    expect(p["For Sale"]).toMatchObject({ type: "checkbox", checkbox: true });
    expect(p.Manufacturer).toMatchObject({
      type: "select",
      select: { id: expect.any(String), name: "Mills Novelty Co.", color: expect.any(String) },
    });
    expect(p["Main Image"].files[0]).toMatchObject({
      name: "slot-castle-front.png",
      type: "file",
      file: { url: expect.stringMatching(/X-Amz-Signature=/), expiry_time: expect.any(String) },
    });
    const expiry = Date.parse(p["Main Image"].files[0].file.expiry_time) - Date.now();
    expect(expiry).toBeGreaterThan(55 * 60_000);
    expect(expiry).toBeLessThanOrEqual(3600_000);
    expect(p["Additional Images"].files.length).toBeGreaterThanOrEqual(6);
  });

  it("takes a file it hosts, re-sent as {type: file, file: {url}}, into another page's files property", async () => {
    const from = (await notion.pages.retrieve({ page_id: pageIdFor("Slot Machines", "Mills Castle Front 5¢") })) as AnyObj;
    const file = from.properties["Main Image"].files[0];
    const id = pageIdFor("Slot Machines", "Jennings Little Duke 1¢");
    const updated = (await notion.pages.update({
      page_id: id,
      properties: { "Main Image": { files: [{ name: file.name, type: "file", file: { url: file.file.url } }] } },
    } as never)) as AnyObj;
    const copied = updated.properties["Main Image"].files[0];
    expect(copied).toMatchObject({ name: "slot-castle-front.png", type: "file" });
    expect(new URL(copied.file.url).pathname).toBe(new URL(file.file.url).pathname);
  });

  it("gives empty values for missing properties", async () => {
    const page = (await notion.pages.retrieve({ page_id: pageIdFor("Slot Machines", "Jennings Little Duke 1¢") })) as AnyObj;
    expect(page.properties.Year).toEqual({ id: expect.any(String), type: "number", number: null });
    expect(page.properties.Price.number).toBeNull();
    expect(page.properties["Serial Number"].rich_text).toEqual([]);
    expect(page.properties["Additional Images"].files).toEqual([]);
  });

  it("updates title, rich_text, number, checkbox, select and url with PATCH and bumps last_edited_time", async () => {
    const id = pageIdFor("Slot Machines", "Pace Comet 5¢");
    const before = (await notion.pages.retrieve({ page_id: id })) as AnyObj;
    const after = (await notion.pages.update({
      page_id: id,
      properties: {
        Title: { title: [{ text: { content: "Pace Comet 5¢ (re-listed)" } }] },
        Description: {
          rich_text: [
            { text: { content: "Now with ", link: null } },
            { text: { content: "new strips", link: { url: "https://example.com/strips" } }, annotations: { bold: true } },
          ],
        },
        Price: { number: 2750 },
        "For Sale": { checkbox: false },
        Condition: { select: { name: "Very Good" } },
      },
    })) as AnyObj;
    expect(after.properties.Title.title[0].plain_text).toBe("Pace Comet 5¢ (re-listed)");
    expect(after.properties.Description.rich_text[1]).toMatchObject({
      plain_text: "new strips",
      href: "https://example.com/strips",
      annotations: { bold: true },
      text: { link: { url: "https://example.com/strips" } },
    });
    expect(after.properties.Price.number).toBe(2750);
    expect(after.properties["For Sale"].checkbox).toBe(false);
    expect(after.properties.Condition.select.name).toBe("Very Good");
    expect(Date.parse(after.last_edited_time)).toBeGreaterThan(Date.parse(before.last_edited_time));
    const reread = (await notion.pages.retrieve({ page_id: id })) as AnyObj;
    expect(reread.properties.Title.title[0].plain_text).toBe("Pace Comet 5¢ (re-listed)");
    const query = await notion.dataSources.query({ data_source_id: dataSourceIdFor("Slot Machines") });
    expect(query.results.some((r) => (r as AnyObj).properties.Title.title[0]?.plain_text === "Pace Comet 5¢ (re-listed)")).toBe(true);
  });

  it("refuses an unknown property with 400 validation_error", async () => {
    const error = (await notion.pages
      .update({ page_id: pageIdFor("Slot Machines", "Pace Comet 5¢"), properties: { Nope: { number: 1 } } })
      .catch((e: unknown) => e)) as AnyObj;
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation_error");
  });

  it("hides trashed pages from queries", async () => {
    const id = pageIdFor("Vintage Toys", "Chein Tin Robot");
    await notion.pages.update({ page_id: id, in_trash: true });
    const query = await notion.dataSources.query({ data_source_id: dataSourceIdFor("Vintage Toys") });
    expect(query.results.map((r) => r.id)).not.toContain(id);
    await notion.pages.update({ page_id: id, in_trash: false });
  });
});

describe("block children", () => {
  it("lists a post body in Notion's block shapes, with nested children", async () => {
    const postId = pageIdFor("Posts", "Welcome to the workshop");
    const list = (await notion.blocks.children.list({ block_id: postId })) as AnyObj;
    expect(list).toMatchObject({ object: "list", type: "block", block: {}, has_more: false, next_cursor: null });
    const types = list.results.map((b: AnyObj) => b.type);
    expect(types).toEqual([
      "heading_1",
      "paragraph",
      "image",
      "heading_2",
      "bulleted_list_item",
      "bulleted_list_item",
      "bulleted_list_item",
      "quote",
    ]);
    const [h1, para, img] = list.results;
    expect(h1).toMatchObject({
      object: "block",
      parent: { type: "page_id", page_id: postId },
      has_children: false,
      heading_1: { is_toggleable: false, color: "default" },
    });
    expect(para.paragraph.rich_text[1]).toMatchObject({ annotations: { bold: true }, plain_text: "antique slot machines" });
    expect(img.image).toMatchObject({
      type: "file",
      file: { url: expect.stringContaining("/files/"), expiry_time: expect.any(String) },
      caption: [{ plain_text: "A 1933 Mills Castle Front after restoration" }],
    });
    const nested = list.results.find((b: AnyObj) => b.has_children);
    const kids = (await notion.blocks.children.list({ block_id: nested.id })) as AnyObj;
    expect(kids.results.map((b: AnyObj) => b.type)).toEqual(["bulleted_list_item", "bulleted_list_item"]);
    expect(kids.results[0].parent).toEqual({ type: "block_id", block_id: nested.id });
  });

  it("serves code, divider, numbered items and external images", async () => {
    const blocks = async (title: string) =>
      ((await notion.blocks.children.list({ block_id: pageIdFor("Posts", title) })) as AnyObj).results;
    const howTo = await blocks("How to buy from us");
    expect(howTo.map((b: AnyObj) => b.type)).toContain("numbered_list_item");
    expect(howTo.find((b: AnyObj) => b.type === "divider").divider).toEqual({});
    const serial = await blocks("Reading a Mills serial number");
    expect(serial.find((b: AnyObj) => b.type === "code").code).toMatchObject({
      language: "plain text",
      caption: [],
      rich_text: [{ plain_text: expect.stringContaining("serial < 200000") }],
    });
    const bench = await blocks("On the bench: a Watling Rol-a-Top");
    expect(bench.find((b: AnyObj) => b.type === "image").image).toMatchObject({
      type: "external",
      external: { url: `${server.url}/public/slot-cherry-red.png` },
    });
  });

  it("pages block children with page_size and start_cursor", async () => {
    const postId = pageIdFor("Posts", "Welcome to the workshop");
    const first = (await notion.blocks.children.list({ block_id: postId, page_size: 3 })) as AnyObj;
    expect(first.results).toHaveLength(3);
    const rest = (await notion.blocks.children.list({ block_id: postId, page_size: 100, start_cursor: first.next_cursor })) as AnyObj;
    expect(rest.results).toHaveLength(5);
    expect(rest.has_more).toBe(false);
    const error = (await notion.blocks.children.list({ block_id: postId, page_size: 101 }).catch((e: unknown) => e)) as AnyObj;
    expect([error.status, error.code]).toEqual([400, "validation_error"]);
  });
});
