import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isFullDataSource, isFullPage, type Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { DEMO_IMAGES_DIR, readDemoImage } from "../../scripts/lib/demo-workspace.ts";
import { startNotionServer, type NotionServer } from "../../scripts/notion-server/server.ts";
import { emptyWorkspace } from "../../scripts/notion-server/workspace.ts";
import { notionClient } from "../../scripts/notion-setup/client.ts";
import { demoImagesIn } from "../demo/images.ts";
import { loadDemoWorkspace } from "../demo/load.ts";
import { childDatabases } from "./parent-page.ts";
import { runSetup, type SetupHost } from "./run-setup.ts";

let server: NotionServer;
let notion: Client;
let host: SetupHost;
let parent: string;
let lines: string[];
const out = (line: string) => lines.push(line);

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  notion = notionClient({ token: server.token, baseUrl: server.url }, { requestsPerSecond: 0 });
  host = { notion, demoImage: readDemoImage };
});
beforeEach(() => {
  server.reset();
  parent = server.addPage("Antique Coin-Op");
  lines = [];
});
afterAll(() => server.close());

/** Every database under the parent page: title -> its data source (schema, last edit). */
async function databasesUnderParent() {
  const found = new Map<string, { id: string; edited: string; properties: Record<string, any> }>();
  for (const child of await childDatabases(notion, parent)) {
    const db = (await notion.databases.retrieve({ database_id: child.id })) as any;
    const source = await notion.dataSources.retrieve({ data_source_id: db.data_sources[0].id });
    if (isFullDataSource(source)) found.set(child.title, { id: source.id, edited: source.last_edited_time, properties: source.properties });
  }
  return found;
}

const optionNames = (p: any) => (p[p.type]?.options ?? []).map((o: { name: string }) => o.name);

// Each case runs setup whole, most of them twice, through the real @notionhq/client over HTTP to the local server (every
// database created or read back, --demo's pages and image uploads): longer than vitest's 5 s default.
describe("npm run notion:setup", { timeout: 30_000 }, () => {
  it("creates every database of the layout under an empty page, with its exact properties and options; a second run keeps them all", async () => {
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(0);
    expect(lines).toEqual([
      `Under the page "Antique Coin-Op" (${parent}):`,
      ...NOTION_LAYOUT.map((db) => `${db.title}: created (${db.properties.length} properties)`),
      "All 12 databases are in order. `npm run notion:check` checks what else the integration sees.",
    ]);
    const made = await databasesUnderParent();
    expect([...made.keys()]).toEqual(NOTION_LAYOUT.map((db) => db.title));
    for (const db of NOTION_LAYOUT) {
      const properties = made.get(db.title)!.properties;
      expect(Object.keys(properties), db.title).toEqual(db.properties.map((p) => p.name));
      for (const p of db.properties) {
        expect(properties[p.name].type, `${db.title}.${p.name}`).toBe(p.types[0]);
        if (p.options || p.suggested) expect(optionNames(properties[p.name])).toEqual([...(p.options ?? []), ...(p.suggested ?? [])]);
      }
    }
    expect(made.get("Slot Machines")!.properties.Price).toMatchObject({ number: { format: "dollar" } });
    expect(optionNames(made.get("Posts")!.properties.Section)).toEqual(["home", "literature", "services", "news", "miscellaneous"]);

    lines = [];
    const created = server.stats().byPath["/v1/databases"];
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(0);
    expect(lines.slice(1, 13)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: kept`));
    expect(server.stats().byPath["/v1/databases"]).toBe(created);
    const again = await databasesUnderParent();
    for (const [title, { id, edited }] of made) expect(again.get(title), title).toMatchObject({ id, edited });
  });

  it("completes a database already there: adds missing properties and options, keeps the operator's own, retypes nothing and says what is left", async () => {
    await notion.databases.create({
      parent: { type: "page_id", page_id: parent },
      title: [{ type: "text", text: { content: "posts" } }],
      initial_data_source: {
        properties: {
          Title: { title: {} },
          section: { select: { options: [{ name: "home" }, { name: "workshop" }] } },
          "Display Order": { rich_text: {} },
          Notes: { rich_text: {} },
        },
      },
    });
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(1);
    expect(lines).toContain(
      "Posts: completed (added Image, Content, Published, Hold Changes; added options section: literature, services, news, miscellaneous)",
    );
    expect(lines.slice(-2)).toEqual([
      "Left as they are (setup renames, retypes and deletes nothing):",
      "  Posts: property Display Order is text, expected number. Fix: Change its type to Number in Notion.",
    ]);
    const posts = (await databasesUnderParent()).get("posts")!.properties;
    expect(Object.keys(posts)).toEqual(["Title", "section", "Display Order", "Notes", "Image", "Content", "Published", "Hold Changes"]);
    expect(posts["Display Order"].type).toBe("rich_text");
    expect(optionNames(posts.section)).toEqual(["home", "workshop", "literature", "services", "news", "miscellaneous"]);
    expect((await childDatabases(notion, parent)).length).toBe(12);
  });

  it("adds Published to a database that has rows and ticks it on every one of them in the same run; a later run ticks nothing", async () => {
    const created = await notion.databases.create({
      parent: { type: "page_id", page_id: parent },
      title: [{ type: "text", text: { content: "Vintage Toys" } }],
      initial_data_source: { properties: { Title: { title: {} } } },
    });
    const source = (created as any).data_sources[0].id as string;
    const made: string[] = [];
    for (const name of ["Tin Robot", "Spinning Top", "Wind-up Duck"])
      made.push(
        (await notion.pages.create({ parent: { data_source_id: source }, properties: { Title: { title: [{ text: { content: name } }] } } }))
          .id,
      );
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(0);
    expect(lines).toContain("Vintage Toys: Published ticked on its 3 rows already there, so they stay on the site");
    const published = async () =>
      Object.fromEntries(
        ((await notion.dataSources.query({ data_source_id: source })).results as any[]).map((row) => [
          row.id,
          row.properties.Published.checkbox,
        ]),
      );
    expect(await published()).toEqual(Object.fromEntries(made.map((id) => [id, true])));
    // The dealer makes one a draft again: setup run once more leaves it so.
    await notion.pages.update({ page_id: made[0]!, properties: { Published: { checkbox: false } } });
    lines = [];
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(0);
    expect(lines.filter((line) => line.includes("Published ticked"))).toEqual([]);
    expect((await published())[made[0]!]).toBe(false);
  });

  it("leaves two databases of one title under the page as they are and says so", async () => {
    for (let i = 0; i < 2; i++)
      await notion.databases.create({
        parent: { type: "page_id", page_id: parent },
        title: [{ type: "text", text: { content: "Images" } }],
      });
    expect(await runSetup(host, { parent, demo: false }, out)).toBe(1);
    expect(lines).toContain("Images: left as it is: 2 databases under the page have this title (keep one; rename or delete the others)");
    expect((await childDatabases(notion, parent)).filter((c) => c.title === "Images")).toHaveLength(2);
  });

  it("--demo fills every database with the demo workspace (test-only pages left out), each image uploaded once; a second run adds nothing", async () => {
    expect(await runSetup(host, { parent, demo: true }, out)).toBe(0);
    const demo = loadDemoWorkspace();
    const made = await databasesUnderParent();
    for (const db of demo.databases) {
      const rows = await notion.dataSources.query({ data_source_id: made.get(db.title)!.id });
      expect(rows.results.length, db.title).toBe(db.pages.filter((p) => !p.testOnly).length);
    }
    const images = demoImagesIn(demo);
    expect(lines).toContain(`  ${images.size} images uploaded`);
    expect(server.stats().byPath["/v1/file_uploads"]).toBe(images.size);
    // A slot's main image is a Notion-hosted copy of the bundled picture, byte for byte.
    const slots = await notion.dataSources.query({ data_source_id: made.get("Slot Machines")!.id });
    const castle = slots.results.find((p) => isFullPage(p) && JSON.stringify(p.properties.Title).includes("Mills Castle Front 5¢"));
    const main = (castle as any).properties["Main Image"].files[0];
    expect(main).toMatchObject({ type: "file", name: "slot-castle-front.png" });
    const bytes = Buffer.from(await (await fetch(main.file.url)).arrayBuffer());
    expect(bytes.equals(await readFile(join(DEMO_IMAGES_DIR, "slot-castle-front.png")))).toBe(true);

    lines = [];
    const before = server.stats().byPath;
    expect(await runSetup(host, { parent, demo: true }, out)).toBe(0);
    expect(lines).toContain("  Posts: nothing added (11 pages already there)");
    expect(lines).toContain("  0 images uploaded");
    const after = server.stats().byPath;
    for (const path of ["/v1/pages", "/v1/file_uploads", "/v1/databases"]) expect(after[path], path).toBe(before[path]);
  });
});

describe("npm run notion:setup checks every value against Notion's rules before it writes", () => {
  it("names each row, property and fix a dealer's rows would break, and sends nothing", async () => {
    const demo = loadDemoWorkspace();
    const slots = demo.databases.find((db) => db.title === "Slot Machines")!;
    const posts = demo.databases.find((db) => db.title === "Posts")!;
    const deep = {
      type: "paragraph" as const,
      text: "a",
      children: [
        {
          type: "paragraph" as const,
          text: "b",
          children: [{ type: "paragraph" as const, text: "c", children: [{ type: "paragraph" as const, text: "d" }] }],
        },
      ],
    };
    const content = {
      ...demo,
      databases: [
        { ...slots, pages: [{ properties: { Title: "Mills War Eagle", Condition: "Restored, rewired", Denomination: "x".repeat(101) } }] },
        { ...posts, pages: [{ properties: { Title: "Workshop notes", Section: "news" }, body: [deep] }] },
      ],
    };
    server.resetStats();
    expect(await runSetup(host, { parent, demo: true, content }, out)).toBe(1);
    expect(lines).toEqual([
      `Under the page "Antique Coin-Op" (${parent}):`,
      "Nothing was created: 3 values break Notion's rules:",
      '  Slot Machines, row "Mills War Eagle": property Condition: the option "Restored, rewired" has a comma, which Notion does not allow in an option. Fix: Write it without commas.',
      `  Slot Machines, row "Mills War Eagle": property Denomination: the option "${"x".repeat(40)}…" is 101 characters, more than the 100 Notion takes. Fix: Shorten it.`,
      '  Posts, row "Workshop notes": its body: its body nests blocks 3 levels deep, more than the 2 Notion takes in one request. Fix: Nest less.',
    ]);
    const written = Object.entries(server.stats().byPath).filter(([path]) => !/^\/v1\/(pages\/[^/]+|blocks\/[^/]+\/children)$/.test(path));
    expect(written).toEqual([]);
  });
});
