import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "#contract/categories";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { loadDemoWorkspace } from "#workspace/demo/load";
import type { DemoFile } from "#workspace/demo/types";
import { runCheck } from "#workspace/setup/run-check";
import { runSetup } from "#workspace/setup/run-setup";
import { buildFolderFor } from "../lib/build-site.ts";
import { cacheDirFor } from "../lib/build-cache.ts";
import { readDemoImage } from "../lib/demo-workspace.ts";
import { freePort } from "../lib/ports.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { startStack, type Stack } from "../launcher/stack.ts";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";
import { notionClient } from "./client.ts";

const NAME = `notion-setup-flow-${process.pid}`;
const persistTo = resolve(ROOT, ".wrangler", `${NAME}-state`);
const assetsDir = `.wrangler/${NAME}-dist`;
let notion: NotionServer | undefined;
let stack: Stack | undefined;

afterAll(async () => {
  await stack?.stop();
  await notion?.close();
  for (const dir of [persistTo, resolve(ROOT, assetsDir), buildFolderFor(assetsDir), cacheDirFor(assetsDir)])
    rmSync(dir, { recursive: true, force: true });
});

type ApiItem = { id: string; title: string; mainImageUrl: string | null; additionalImageUrls: string[] };

/** Every item of a category as the running API lists it. */
async function items(url: string, category: string): Promise<ApiItem[]> {
  const res = await fetch(`${url}/api/collection/${category}?page=1&limit=100`);
  expect(res.status, category).toBe(200);
  return ((await res.json()) as { items: ApiItem[] }).items;
}

/** HTML text with the entities React and Astro write for text decoded. */
const decoded = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e]!);

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

// One full start of the stack (worker, full sync, site build) takes minutes on a loaded machine: more than the launcher
// config's limit per test.
const FLOW_TIMEOUT_MS = 480_000;

/** Requests that write, by path, from the server's counters. */
const writes = (stats: { byPath: Record<string, number> }) =>
  Object.entries(stats.byPath).filter(([path]) => /^\/v1\/(databases|pages|file_uploads)$/.test(path));

describe("a dealer's workspace from an empty Notion page, Notion's search lagging behind every write", () => {
  it(
    "setup --demo, then check exits 0, then setup again creates nothing, then the site started against that Notion shows every demo item with its images",
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const started = performance.now();
      // An empty workspace holding one page shared with the integration: what a dealer starts from. Everything written
      // during the test stays out of search, as a new database may for a while in Notion.
      notion = await startNotionServer({
        port: await freePort(),
        workspace: { id: "5e7a0000-0000-4000-8000-00000000f10e", name: "dealer", databases: [] },
        searchLagSeconds: 3600,
      });
      const parent = notion.addPage("Antique Coin-Op");
      const client = notionClient({ token: notion.token, baseUrl: notion.url }, { requestsPerSecond: 0 });
      let lines: string[] = [];
      const out = (line: string) => lines.push(line);
      expect(await runSetup({ notion: client, demoImage: readDemoImage }, { parent, demo: true }, out), lines.join("\n")).toBe(0);

      // Search alone finds nothing yet; under the page every database is there.
      lines = [];
      expect(await runCheck(client, {}, out)).toBe(1);
      expect(lines.slice(0, 12)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: not found`));
      lines = [];
      expect(await runCheck(client, { parent }, out), lines.join("\n")).toBe(0);
      expect(lines.slice(1, 13)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: found under the catalogue's page`));

      // Setup again: every database kept, every demo page already there, nothing written.
      const before = writes(notion.stats());
      lines = [];
      expect(await runSetup({ notion: client, demoImage: readDemoImage }, { parent, demo: true }, out), lines.join("\n")).toBe(0);
      expect(lines.slice(1, 13)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: kept`));
      expect(lines.filter((line) => /: \d+ pages? added/.test(line))).toEqual([]);
      expect(lines).toContain("  0 images uploaded");
      expect(writes(notion.stats())).toEqual(before);
      const setUp = seconds(started);

      const stackStarted = performance.now();
      stack = await startStack({
        port: await freePort(),
        persistTo,
        assetsDir,
        password: "workspace-flow-test",
        // As `npm start` with NOTION_API_URL, NOTION_TOKEN and NOTION_PARENT_PAGE: the worker syncs from that server,
        // finding the catalogue under its page, nothing of the demo's own.
        notion: { url: notion.url, token: notion.token, parentPage: parent },
        log: () => {},
      });
      expect(stack.startup.sync.success).toBe(true);
      const built = seconds(stackStarted);

      const demo = loadDemoWorkspace();
      let pictures = 0;
      for (const category of CATEGORIES) {
        const expected = demo.databases.find((d) => d.title === category.database)!.pages.filter((p) => !p.testOnly);
        const listed = await items(stack.url, category.id);
        expect(listed.map((i) => i.title).sort(), category.id).toEqual(expected.map((p) => p.properties.Title as string).sort());
        for (const item of listed) {
          const page = expected.find((p) => p.properties.Title === item.title)!;
          const images = [item.mainImageUrl!, ...item.additionalImageUrls];
          expect(images, item.title).toHaveLength(1 + ((page.properties["Additional Images"] as DemoFile[] | undefined)?.length ?? 0));
          // The prerendered item page shows the item and every one of its pictures, copied into the site's own storage.
          const html = await (await fetch(`${stack.url}/gallery/${category.id}/${item.id}`)).text();
          expect(decoded(html), item.title).toContain(`>${item.title}<`);
          for (const image of images) {
            expect(image, item.title).toMatch(/^\/media\/notion\//);
            expect(html, `${item.title}: ${image}`).toContain(image);
            const res = await fetch(`${stack.url}${image}`);
            expect(res.status, image).toBe(200);
            expect(res.headers.get("content-type"), image).toBe("image/png");
            await res.body?.cancel();
            pictures += 1;
          }
        }
      }
      console.log(
        `workspace flow: setup --demo, check and setup again ${setUp} s; the stack ${built} s (its full sync ${stack.startup.sync.seconds.toFixed(1)} s, ` +
          `${stack.startup.sync.requests} Notion requests; its build ${stack.startup.build.seconds.toFixed(1)} s); ${pictures} pictures checked; ${seconds(started)} s in all`,
      );
    },
  );
});
