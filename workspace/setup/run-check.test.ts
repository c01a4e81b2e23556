import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { readDemoImage } from "../../scripts/lib/demo-workspace.ts";
import { startNotionServer, type NotionServer } from "../../scripts/notion-server/server.ts";
import { emptyWorkspace } from "../../scripts/notion-server/workspace.ts";
import { notionClient } from "../../scripts/notion-setup/client.ts";
import { childDatabases } from "./parent-page.ts";
import { runCheck } from "./run-check.ts";
import { runSetup } from "./run-setup.ts";

let server: NotionServer;
let notion: Client;
let lines: string[];
const out = (line: string) => lines.push(line);

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  notion = notionClient({ token: server.token, baseUrl: server.url }, { requestsPerSecond: 0 });
});
beforeEach(() => {
  server.reset();
  lines = [];
});
afterAll(() => server.close());

const found = (how: "under the catalogue's page" | "by Notion's search, not under the catalogue's page") =>
  NOTION_LAYOUT.map((db) => `${db.title}: found ${how}`);
let parent: string;

/** A workspace setup made under a fresh page; answers the data source id of each database by title. */
async function setUp(): Promise<Map<string, string>> {
  parent = server.addPage("Catalogue");
  expect(await runSetup({ notion, demoImage: readDemoImage }, { parent, demo: false }, () => {})).toBe(0);
  const ids = new Map<string, string>();
  for (const child of await childDatabases(notion, parent)) {
    const db = (await notion.databases.retrieve({ database_id: child.id })) as { id: string; data_sources: { id: string }[] };
    ids.set(child.title, db.data_sources[0]!.id);
    ids.set(`${child.title} database`, db.id);
  }
  return ids;
}

describe("npm run notion:check", () => {
  it("with --parent, finds every database setup made under the page without Notion's search, and exits 0", async () => {
    await setUp();
    server.resetStats();
    expect(await runCheck(notion, { parent }, out)).toBe(0);
    expect(lines).toEqual([
      `The catalogue's page: "Catalogue" (${parent})`,
      ...found("under the catalogue's page"),
      "All 12 databases the site reads are shared with the integration, each with every property it needs.",
    ]);
    expect(server.stats().byPath["/v1/search"]).toBeUndefined();
  });

  it("without --parent, finds them by Notion's search and says which page they sit under", async () => {
    await setUp();
    expect(await runCheck(notion, {}, out)).toBe(0);
    const bare = parent.replace(/-/g, "");
    expect(lines).toEqual([
      ...found("by Notion's search, not under the catalogue's page"),
      `They sit under the page ${bare}: \`npm run notion:check -- --parent ${bare}\` finds them there without search.`,
      "All 12 databases the site reads are shared with the integration, each with every property it needs.",
    ]);
  });

  it("exits 1 naming a renamed property, a retyped one and a database gone to the trash, one line each with its fix", async () => {
    const ids = await setUp();
    await notion.dataSources.update({
      data_source_id: ids.get("Slot Machines")!,
      properties: { Denomination: { name: "Coin" }, Price: { rich_text: {} } },
    });
    await notion.databases.update({ database_id: ids.get("Posts database")!, in_trash: true });
    expect(await runCheck(notion, { parent }, out)).toBe(1);
    expect(lines.slice(0, 13)).toEqual([
      `The catalogue's page: "Catalogue" (${parent})`,
      ...found("under the catalogue's page").map((line) => (line.startsWith("Posts:") ? "Posts: not found" : line)),
    ]);
    expect(lines.slice(13)).toEqual([
      "Slot Machines: property Price is text, expected number. Fix: Change its type to Number in Notion.",
      "Slot Machines: property Denomination is missing. Fix: Add a Select property named Denomination (npm run notion:setup adds it).",
      'Posts: no database with this title is shared with the integration. Fix: Run npm run notion:setup to create it, or, if it exists, share it with the integration (its ••• menu → Connections) and make sure its title reads "Posts".',
      "3 problems: until fixed, the site misses what they name.",
    ]);
  });

  it("exits 0 but recommends Published and Hold Changes for a database that lacks them, after the all-in-order line", async () => {
    const ids = await setUp();
    await notion.dataSources.update({ data_source_id: ids.get("Vintage Toys")!, properties: { Published: null, "Hold Changes": null } });
    expect(await runCheck(notion, { parent }, out)).toBe(0);
    expect(lines.slice(13)).toEqual([
      "All 12 databases the site reads are shared with the integration, each with every property it needs.",
      "Recommended (the site works without them):",
      "  Vintage Toys: property Published is missing, so every item is on the site as soon as it is synced, half-written or not. Fix: Add a Checkbox property named Published (npm run notion:setup adds it, keeping every row already there on the site).",
      "  Vintage Toys: property Hold Changes is missing, so an edit to a live item reaches the site at the next sync, finished or not. Fix: Add a Checkbox property named Hold Changes (npm run notion:setup adds it, keeping every row already there on the site).",
    ]);
  });

  it("says when the integration sees no database at all, then names all 12", async () => {
    expect(await runCheck(notion, {}, out)).toBe(1);
    expect(lines.slice(0, 13)).toEqual([
      ...NOTION_LAYOUT.map((db) => `${db.title}: not found`),
      "The integration can see no database of the catalogue: share the page holding the site's databases with it (the page's ••• menu → Connections).",
    ]);
    expect(lines).toHaveLength(26);
    expect(lines[25]).toBe("12 problems: until fixed, the site misses what they name.");
  });

  it("waits out a 429 for its Retry-After and carries on", async () => {
    await setUp();
    const heard: (number | null)[] = [];
    const patient = notionClient(
      { token: server.token, baseUrl: server.url },
      { requestsPerSecond: 0, onRateLimited: (s) => heard.push(s) },
    );
    server.injectFault({ status: 429, path: "/v1/search", retryAfter: 1 });
    const started = Date.now();
    expect(await runCheck(patient, {}, out)).toBe(0);
    expect(heard).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});
