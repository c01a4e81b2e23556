import type { Client } from "@notionhq/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { readDemoImage } from "../../scripts/lib/demo-workspace.ts";
import { startNotionServer, type NotionServer } from "../../scripts/notion-server/server.ts";
import { emptyWorkspace } from "../../scripts/notion-server/workspace.ts";
import { notionClient } from "../../scripts/notion-setup/client.ts";
import { demoImagesIn } from "../demo/images.ts";
import { loadDemoWorkspace } from "../demo/load.ts";
import { setUpDatabase, type SetupTarget } from "./databases.ts";
import { fillDatabase } from "./demo-fill.ts";
import { childDatabases } from "./parent-page.ts";
import { planSetup } from "./plan.ts";
import { publishExisting } from "./publish-existing.ts";
import { leftAsTheyAre } from "./run-setup.ts";

let server: NotionServer;
let notion: Client;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
  // No retries: a failure ends the step at once, as a workflow step that the engine then runs again.
  notion = notionClient({ token: server.token, baseUrl: server.url }, { requestsPerSecond: 0, maxRetries: 0 });
});
afterAll(() => server.close());

describe("the setup engine run as workflow steps, each of which may run again", { timeout: 30_000 }, () => {
  it("creates each database once however often its step runs, and fills one in shares, a share cut short by Notion completed by its rerun", async () => {
    const parent = server.addPage("Antique Coin-Op");
    const demo = loadDemoWorkspace();
    const plan = await planSetup(notion, parent, demo);
    expect(plan).toMatchObject({ parent: { id: parent, title: "Antique Coin-Op" }, children: [], problems: [] });
    expect(server.stats().byPath["/v1/databases"]).toBeUndefined();

    const targets: SetupTarget[] = [];
    for (const db of NOTION_LAYOUT) {
      const first = await setUpDatabase(notion, parent, db);
      // The step's rerun (its answer lost, say) finds the database it made under the page.
      const again = await setUpDatabase(notion, parent, db);
      expect([first.line, again.line], db.title).toEqual([`created (${db.properties.length} properties)`, "kept"]);
      expect(again.target!.dataSourceId).toBe(first.target!.dataSourceId);
      targets.push(again.target!);
    }
    expect((await childDatabases(notion, parent)).map((c) => c.title)).toEqual(NOTION_LAYOUT.map((db) => db.title));

    const slots = demo.databases.find((db) => db.title === "Slot Machines")!;
    const target = targets.find((t) => t.title === "Slot Machines")!;
    server.resetStats();
    // The third page of the second share is refused: the step fails after adding two pages.
    server.injectFault({ status: 503, path: "POST /v1/pages", skip: 6 });
    let uploads: Record<string, string> = {};
    const shares: number[] = [];
    for (let remaining = Infinity; remaining > 0;) {
      const outcome = await fillDatabase(notion, readDemoImage, target, slots, { maxPages: 4, uploads }).catch((error: Error) => error);
      if (outcome instanceof Error) {
        shares.push(-1);
        continue;
      }
      shares.push(outcome.added);
      uploads = outcome.uploads;
      remaining = outcome.remaining;
    }
    expect(shares).toEqual([4, -1, 4, 4, 1]);
    const rows = await notion.dataSources.query({ data_source_id: target.dataSourceId });
    const titles = rows.results.map((p) => JSON.stringify((p as any).properties.Title));
    expect(titles).toHaveLength(slots.pages.length);
    expect(new Set(titles).size).toBe(slots.pages.length);
    // A share reuses the uploads of the shares before it; at most the pictures of the failed share go up again.
    const pictures = (from: number, to: number) => demoImagesIn({ ...demo, databases: [{ ...slots, pages: slots.pages.slice(from, to) }] });
    const uploaded = server.stats().byPath["/v1/file_uploads"]!;
    expect(uploaded).toBeGreaterThanOrEqual(pictures(0, slots.pages.length).size);
    expect(uploaded).toBeLessThanOrEqual(pictures(0, slots.pages.length).size + pictures(4, 7).size);
    expect(leftAsTheyAre(targets)).toEqual([]);
  });

  it("asks before each page after the first whether the step has room for the pictures it would upload, and ends the share where not", async () => {
    const parent = server.addPage("Room");
    const demo = loadDemoWorkspace();
    const slots = demo.databases.find((db) => db.title === "Slot Machines")!;
    const target = (
      await setUpDatabase(
        notion,
        parent,
        NOTION_LAYOUT.find((db) => db.title === "Slot Machines")!,
      )
    ).target!;
    const asked: number[] = [];
    // Room for two pages after the first: the fourth is not added.
    const outcome = await fillDatabase(notion, readDemoImage, target, slots, {
      room: (pictures) => asked.push(pictures) <= 2,
    });
    expect(outcome.added).toBe(3);
    expect(asked).toHaveLength(3);
    const newPictures = (index: number) =>
      [...demoImagesIn({ ...demo, databases: [{ ...slots, pages: [slots.pages[index]!] }] })].filter(
        (image) => !demoImagesIn({ ...demo, databases: [{ ...slots, pages: slots.pages.slice(0, index) }] }).has(image),
      ).length;
    expect(asked).toEqual([newPictures(1), newPictures(2), newPictures(3)]);
    expect(outcome.remaining).toBe(slots.pages.filter((p) => !p.testOnly).length - 3);
  });

  it("ticks Published in shares on the rows a database held before the plan, a repeated share ticking nothing twice; a row made after stays a draft", async () => {
    const parent = server.addPage("Antique Coin-Op");
    const created = await notion.databases.create({
      parent: { type: "page_id", page_id: parent },
      title: [{ type: "text", text: { content: "Machine Parts" } }],
      initial_data_source: { properties: { Title: { title: {} } } },
    });
    const source = (created as any).data_sources[0].id as string;
    const row = (name: string, extra = {}) =>
      notion.pages.create({
        parent: { data_source_id: source },
        properties: { Title: { title: [{ text: { content: name } }] }, ...extra },
      });
    for (let i = 1; i <= 5; i++) await row(`Part ${i}`);
    const plan = await planSetup(notion, parent, null);
    expect(plan.publishExisting).toEqual(["Machine Parts"]);
    const db = NOTION_LAYOUT.find((d) => d.title === "Machine Parts")!;
    const { target } = await setUpDatabase(notion, parent, db, plan.children);
    // The step's rerun finds Published there already; the plan still says which rows to tick.
    expect((await setUpDatabase(notion, parent, db)).line).toBe("kept");
    await new Promise((r) => setTimeout(r, 5));
    const draft = await row("New draft part", { Published: { checkbox: false } });
    const shares = [];
    for (let i = 0; i < 4; i++) shares.push(await publishExisting(notion, target!, plan.plannedAt, { maxPages: 2 }));
    expect(shares.map((s) => [s.published, s.remaining])).toEqual([
      [2, true],
      [2, true],
      [1, false],
      [0, false],
    ]);
    const rows = (await notion.dataSources.query({ data_source_id: source })).results as any[];
    expect(
      rows
        .filter((r) => r.properties.Published.checkbox)
        .map((r) => r.properties.Title.title[0].plain_text)
        .sort(),
    ).toEqual(["Part 1", "Part 2", "Part 3", "Part 4", "Part 5"]);
    expect(rows.find((r) => r.id === draft.id).properties.Published.checkbox).toBe(false);
  });
});
