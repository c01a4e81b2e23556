import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageIdFor } from "./ids.ts";
import { propertyZooDatabase } from "./property-zoo.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor } from "./test-client.ts";

let server: NotionServer;
type AnyObj = Record<string, any>;
let full: AnyObj;
let empty: AnyObj;
let schema: AnyObj;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
  const res = await fetch(`${server.url}/__control/databases`, { method: "POST", body: JSON.stringify(propertyZooDatabase()) });
  const { dataSourceId } = (await res.json()) as { dataSourceId: string };
  const notion = clientFor(server);
  const rows = (await notion.dataSources.query({ data_source_id: dataSourceId })).results as AnyObj[];
  [full, empty] = rows.map((r) => r.properties);
  schema = ((await notion.dataSources.retrieve({ data_source_id: dataSourceId })) as AnyObj).properties;
});
afterAll(() => server.close());

describe("property values in Notion's shapes", () => {
  it("rich text with annotations and links", () => {
    expect(full.Notes.rich_text).toHaveLength(4);
    expect(full.Notes.rich_text[1]).toEqual({
      type: "text",
      text: { content: "main spring", link: null },
      annotations: { bold: true, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
      plain_text: "main spring",
      href: null,
    });
    expect(full.Notes.rich_text[3]).toMatchObject({
      text: { content: "notes", link: { url: "https://example.com/notes" } },
      href: "https://example.com/notes",
    });
  });

  it("number, checkbox, select, multi_select and status", () => {
    expect(full.Hours).toMatchObject({ type: "number", number: 3.5 });
    expect(full.Done).toMatchObject({ type: "checkbox", checkbox: true });
    expect(full.Bench.select).toEqual({ id: expect.any(String), name: "Front", color: expect.any(String) });
    expect(full.Tags.multi_select.map((o: AnyObj) => o.name)).toEqual(["Mechanism", "Plating"]);
    expect(full.Stage).toMatchObject({ type: "status", status: { name: "Done" } });
    expect(schema.Stage.status.groups[0].option_ids).toHaveLength(3);
  });

  it("date, url, email and phone_number", () => {
    expect(full.Due.date).toEqual({ start: "2025-02-03", end: "2025-02-05", time_zone: null });
    expect(full.Link.url).toBe("https://example.com/jobs/1");
    expect(full.Contact.email).toBe("bench@antique-coin-op.example");
    expect(full.Phone.phone_number).toBe("+1 217 555 0148");
  });

  it("files: Notion-hosted and external", () => {
    expect(full.Photos.files[0]).toMatchObject({
      name: "detail-mechanism.png",
      type: "file",
      file: { url: expect.stringContaining("/files/"), expiry_time: expect.any(String) },
    });
    expect(full.Photos.files[1]).toEqual({
      name: "detail-reels.png",
      type: "external",
      external: { url: `${server.url}/public/detail-reels.png` },
    });
  });

  it("people, relation, formula, created/last edited time and unique_id", () => {
    expect(full.Restorer.people[0]).toMatchObject({ object: "user", id: expect.any(String), name: "Ada Workshop", type: "person" });
    expect(full.Machine).toMatchObject({
      type: "relation",
      relation: [{ id: pageIdFor("Slot Machines", "Mills Castle Front 5¢") }],
      has_more: false,
    });
    expect(schema.Machine.relation).toMatchObject({ data_source_id: expect.any(String), type: "single_property" });
    expect(full.Summary.formula).toEqual({ type: "string", string: "Rebuild Castle Front clock (3.5 h)" });
    expect(full.Billable.formula).toEqual({ type: "boolean", boolean: true });
    expect(full.Created.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(full.Edited.last_edited_time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(full.Ref.unique_id).toEqual({ prefix: "JOB", number: 1 });
    expect(empty.Ref.unique_id).toEqual({ prefix: "JOB", number: 2 });
  });

  it("empty values are Notion's empty forms", () => {
    expect(empty.Notes.rich_text).toEqual([]);
    expect(empty.Hours.number).toBeNull();
    expect(empty.Done.checkbox).toBe(false);
    expect(empty.Bench.select).toBeNull();
    expect(empty.Tags.multi_select).toEqual([]);
    expect(empty.Stage.status).toBeNull();
    expect(empty.Due.date).toBeNull();
    expect([empty.Link.url, empty.Contact.email, empty.Phone.phone_number]).toEqual([null, null, null]);
    expect(empty.Photos.files).toEqual([]);
    expect(empty.Restorer.people).toEqual([]);
    expect(empty.Machine.relation).toEqual([]);
    expect(empty.Summary.formula).toEqual({ type: "string", string: null });
  });
});
