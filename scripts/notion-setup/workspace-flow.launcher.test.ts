import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "#contract/categories";
import { itemPagePath } from "#contract/item-address";
import { NOTION_LAYOUT, PUBLISHED_PROPERTY } from "#contract/notion-layout";
import { loadDemoWorkspace } from "#workspace/demo/load";
import type { DemoFile } from "#workspace/demo/types";
import { runCheck } from "#workspace/setup/run-check";
import { runSetup } from "#workspace/setup/run-setup";
import { CHROMIUM_LAUNCH } from "../../site/e2e/support/browser.ts";
import { buildFolderFor } from "../lib/build-site.ts";
import { cacheDirFor } from "../lib/build-cache.ts";
import { readDemoImage } from "../lib/demo-workspace.ts";
import { freePort } from "../lib/ports.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { startStack, type Stack } from "../launcher/stack.ts";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";
import { emptyWorkspace } from "../notion-server/workspace.ts";
import { notionClient } from "./client.ts";

const NAME = `notion-setup-flow-${process.pid}`;
const persistTo = resolve(ROOT, ".wrangler", `${NAME}-state`);
const assetsDir = `.wrangler/${NAME}-dist`;
const PASSWORD = "workspace-flow-test";
let notion: NotionServer | undefined;
let stack: Stack | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
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

// One start of the stack, the catalogue created through the admin panel, a full sync and a site build: longer than the
// launcher config's limit per test.
const FLOW_TIMEOUT_MS = 600_000;
/** The longest a step of the card may take to show its end (setup, the first sync, a build beside other test lanes). */
const STEP_MS = 240_000;

/** Requests that write, by path, from the server's counters. */
const writes = (stats: { byPath: Record<string, number> }) =>
  Object.entries(stats.byPath).filter(([path]) => /^\/v1\/(databases|pages|file_uploads)$/.test(path));

/** The first-run card's steps as the page shows them: name -> "Done" or "Not done". */
async function cardSteps(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId("first-run-step");
  const states: Record<string, string> = {};
  for (const row of await rows.all())
    states[(await row.getAttribute("data-step"))!] = (await row.getAttribute("data-done")) === "true" ? "Done" : "Not done";
  return states;
}

/** Waits until the card shows `done` steps done (the card polls the worker), and answers the steps. */
async function stepsDone(page: Page, done: number): Promise<Record<string, string>> {
  await page.locator(`[data-testid="first-run-card"][data-steps-done="${done}"]`).waitFor({ timeout: STEP_MS });
  return cardSteps(page);
}

const step = (page: Page, name: string) => page.locator(`[data-testid="first-run-step"][data-step="${name}"]`);

/** Reloads /admin and waits for the card (or the panel without it), as a dealer coming back would. */
async function reload(page: Page): Promise<void> {
  await page.reload();
  await page.getByTestId("admin-panel").waitFor();
}

describe("a dealer's first run, from an empty Notion page and an empty D1, in the admin panel's first-run card", () => {
  it(
    "sign in, choose the page, create the catalogue with the demo (check and setup again agree: nothing to add), first sync, rebuild: the site lists every demo item with its images; webhooks; each step's state survives a reload",
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const started = performance.now();
      // An empty workspace holding one page shared with the integration: what a dealer starts from.
      notion = await startNotionServer({
        port: await freePort(),
        workspace: emptyWorkspace(),
      });
      const parent = notion.addPage("Antique Coin-Op");
      const client = notionClient({ token: notion.token, baseUrl: notion.url }, { requestsPerSecond: 0 });
      const browserStarting = chromium.launch(CHROMIUM_LAUNCH);
      stack = await startStack({
        port: await freePort(),
        persistTo,
        assetsDir,
        password: PASSWORD,
        // As a new deploy: the worker knows the token and nothing else (no page, no deploy hook). The local Notion server
        // has no rate limit, so the worker need not keep to Notion's 3 requests a second; its builds wait for the test.
        notion: { url: notion.url, token: notion.token },
        vars: { DEPLOY_HOOK_URL: "", NOTION_REQUESTS_PER_SECOND: "50" },
        buildMode: "deferred",
        log: () => {},
      });
      const stackUp = seconds(started);
      // Nothing in Notion yet: the first build is the first-run site.
      expect(await (await fetch(`${stack.url}/`)).text()).toContain('data-testid="first-run-note"');
      browser = await browserStarting;
      const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
      let page = await context.newPage();

      // Sign in: the card shows every step not done, the Notion connection open with the page shared to choose from.
      await page.goto("/admin");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      expect(await stepsDone(page, 0)).toEqual({
        notion: "Not done",
        catalogue: "Not done",
        firstSync: "Not done",
        rebuilds: "Not done",
        webhooks: "Not done",
      });
      await page.getByTestId("first-run-integration").waitFor();
      expect(await page.getByTestId("first-run-integration").textContent()).toBe(
        "The token answers: connected to Notion as Local integration in Local workspace.",
      );
      await page.getByRole("button", { name: "Use the page Antique Coin-Op" }).click();
      await stepsDone(page, 1);
      await reload(page);
      expect((await stepsDone(page, 1)).notion).toBe("Done");
      // The page's title arrives with the connection's answer, after the card's first paint (which names the page by id).
      await step(page, "notion")
        .getByTestId("first-run-step-summary")
        .filter({ hasText: /^The catalogue's page: "Antique Coin-Op"\.$/ })
        .waitFor({ timeout: 15_000 });

      // From here on everything written stays out of Notion's search, as a new database may for a while in Notion.
      notion.setSearchLag(3600);
      const catalogue = step(page, "catalogue");
      await catalogue.getByLabel("With the demo's items", { exact: false }).check();
      await catalogue.getByRole("button", { name: "Create the catalogue under this page" }).click();
      await catalogue.getByTestId("first-run-setup-progress").waitFor();
      // The dealer closes the tab mid-setup and comes back: the run went on without it.
      await page.close();
      page = await context.newPage();
      await page.goto("/admin");
      const setupStarted = performance.now();
      const steps = await stepsDone(page, 2);
      const setUp = seconds(setupStarted);
      expect(steps).toMatchObject({ notion: "Done", catalogue: "Done", firstSync: "Not done" });
      await reload(page);
      await step(page, "catalogue").getByRole("button").first().click();
      expect(await step(page, "catalogue").getByTestId("first-run-setup-outcome").getAttribute("data-ok")).toBe("true");
      expect(await step(page, "catalogue").getByTestId("first-run-setup-lines").locator("li").allTextContents()).toEqual([
        ...NOTION_LAYOUT.map((db) => `${db.title}: created (${db.properties.length} properties)`),
        ...loadDemoWorkspace().databases.map((db) => `${db.title}: ${db.pages.filter((p) => !p.testOnly).length} pages added`),
      ]);

      // The terminal's check and setup agree with what the card made: search alone finds nothing yet, under the page
      // every database is there, and setup again writes nothing.
      let lines: string[] = [];
      const out = (line: string) => lines.push(line);
      expect(await runCheck(client, {}, out)).toBe(1);
      expect(lines.slice(0, 12)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: not found`));
      lines = [];
      expect(await runCheck(client, { parent }, out), lines.join("\n")).toBe(0);
      expect(lines.slice(1, 13)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: found under the catalogue's page`));
      const before = writes(notion.stats());
      lines = [];
      expect(await runSetup({ notion: client, demoImage: readDemoImage }, { parent, demo: true }, out), lines.join("\n")).toBe(0);
      expect(lines.slice(1, 13)).toEqual(NOTION_LAYOUT.map((db) => `${db.title}: kept`));
      expect(lines.filter((line) => /: \d+ pages? added/.test(line))).toEqual([]);
      expect(writes(notion.stats())).toEqual(before);

      // The first sync, from the card.
      const syncStarted = performance.now();
      await step(page, "firstSync").getByRole("button", { name: "Sync now" }).click();
      expect(await stepsDone(page, 3)).toMatchObject({ firstSync: "Done", rebuilds: "Not done" });
      const synced = seconds(syncStarted);

      // Rebuilds: the deploy hook pasted (the stack's own, as a dealer pastes Workers Builds'); its test call asks for the
      // build, which the test's hook then builds.
      await step(page, "rebuilds").getByLabel("In Cloudflare, open your worker", { exact: false }).fill(stack.hook.url);
      await step(page, "rebuilds").getByRole("button", { name: "Save deploy hook" }).click();
      expect(await stepsDone(page, 4)).toMatchObject({ rebuilds: "Done", webhooks: "Not done" });
      const buildStarted = performance.now();
      expect((await fetch(stack.hook.url.replace(/\/rebuild$/, "/build"), { method: "POST" })).ok).toBe(true);
      await stack.hook.idle();
      const built = seconds(buildStarted);

      // The site lists the demo: every item of every category, its page prerendered with every picture copied into the
      // site's own storage.
      const demo = loadDemoWorkspace();
      let pictures = 0;
      for (const category of CATEGORIES) {
        // Setup adds the demo's draft too (Published unticked): the site lists every other page.
        const expected = demo.databases
          .find((d) => d.title === category.database)!
          .pages.filter((p) => !p.testOnly && p.properties[PUBLISHED_PROPERTY] !== false);
        const listed = await items(stack.url, category.id);
        expect(listed.map((i) => i.title).sort(), category.id).toEqual(expected.map((p) => p.properties.Title as string).sort());
        for (const item of listed) {
          const demoPage = expected.find((p) => p.properties.Title === item.title)!;
          const images = [item.mainImageUrl!, ...item.additionalImageUrls];
          expect(images, item.title).toHaveLength(1 + ((demoPage.properties["Additional Images"] as DemoFile[] | undefined)?.length ?? 0));
          const html = await (
            await fetch(`${stack.url}${itemPagePath("gallery", { ...item, category: category.id })}`, { redirect: "error" })
          ).text();
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
      expect(await (await fetch(`${stack.url}/`)).text()).not.toContain('data-testid="first-run-note"');

      // Each step's state survives a reload (the publish reloaded the worker too).
      await reload(page);
      expect(await stepsDone(page, 4)).toEqual({
        notion: "Done",
        catalogue: "Done",
        firstSync: "Done",
        rebuilds: "Done",
        webhooks: "Not done",
      });

      // Webhooks: the subscription made in Notion with the card's URL; Notion's first signed event (an edit) ends the card.
      const webhookUrl = await step(page, "webhooks").getByTestId("first-run-webhook-url").textContent();
      expect(webhookUrl).toMatch(/\/api\/notion\/webhook\/[A-Za-z0-9_-]{43}$/);
      await notion.subscribeWebhook(webhookUrl!);
      await reload(page);
      await step(page, "webhooks").getByTestId("first-run-webhook-token").waitFor();
      expect(await step(page, "webhooks").getByTestId("first-run-step-summary").textContent()).toBe(
        "Waiting for the first event from Notion.",
      );
      const [item] = await items(stack.url, "slots");
      await client.pages.update({
        page_id: item!.id,
        properties: { Title: { title: [{ type: "text", text: { content: item!.title } }] } },
      });
      await page.getByTestId("first-run-card").waitFor({ state: "detached", timeout: STEP_MS });
      await reload(page);
      await page.getByRole("tab", { name: "Cache Management" }).waitFor();
      expect(await page.getByTestId("first-run-card").count()).toBe(0);
      await context.close();
      console.log(
        `first run: the stack ${stackUp} s; setup in the card ${setUp} s (it ran on with the tab closed); the first sync ${synced} s; ` +
          `the build ${built} s; ${pictures} pictures checked; ${seconds(started)} s in all`,
      );
    },
  );
});
