import { env, introspectWorkflow } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import type { FirstRunState, SetupRun } from "#contract/first-run";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { DEFAULT_STEP_BUDGET } from "#contract/step-budget";
import { loadDemoWorkspace } from "#workspace/demo/load";
import { adminFetch } from "../../test/admin";
import { control, countPaths, NOTION, notionStats, until } from "../../test/notion-sync";
import { setupInstanceId } from "./start-setup";

const SETUP = `${ADMIN_PATHS.firstRun}/setup`;
const DEMO = loadDemoWorkspace();
const DEMO_PAGES = DEMO.databases.flatMap((db) => db.pages.filter((p) => !p.testOnly)).length;

/** Notion as the integration sees it, through the local server's API (the test's own requests are counted too: read counts before). */
async function notionApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${NOTION}/v1/${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${env.NOTION_TOKEN}`, "notion-version": "2025-09-03", "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

/** The databases directly under a page: title and id. */
async function databasesUnder(page: string): Promise<{ title: string; id: string }[]> {
  const { results } = await notionApi<{ results: { id: string; type: string; child_database?: { title: string } }[] }>(
    `blocks/${page}/children?page_size=100`,
  );
  return results.flatMap((b) => (b.type === "child_database" ? [{ title: b.child_database!.title, id: b.id }] : []));
}

/** The titles of a database's rows (its data source queried). */
async function rowTitles(databaseId: string): Promise<string[]> {
  const db = await notionApi<{ data_sources: { id: string }[] }>(`databases/${databaseId}`);
  const { results } = await notionApi<{ results: { properties: Record<string, { type: string; title?: { plain_text: string }[] }> }[] }>(
    `data_sources/${db.data_sources[0]!.id}/query`,
    { method: "POST", body: { page_size: 100 } },
  );
  return results.map((page) =>
    Object.values(page.properties)
      .find((p) => p.type === "title")!
      .title!.map((t) => t.plain_text)
      .join(""),
  );
}

/** A new empty page at the top of the workspace, shared with the integration, kept as the catalogue's page. */
async function catalogueOnNewPage(title: string): Promise<string> {
  const { id } = await (await control("pages", { title })).json<{ id: string }>();
  const res = await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page: id } });
  expect(res.status).toBe(200);
  return id;
}

const state = async () => (await adminFetch(ADMIN_PATHS.firstRun)).json<FirstRunState>();

/**
 * Starts setup through the admin API and waits for its run to end (step retries without their back-off waits):
 * the start's status and body, and the run as the card then reads it.
 */
async function setUp(demo: boolean): Promise<{ status: number; run: SetupRun | null; error?: string }> {
  await using introspector = await introspectWorkflow(env.SETUP);
  await introspector.modifyAll(async (m) => {
    await m.disableRetryDelays();
  });
  const res = await adminFetch(SETUP, { method: "POST", body: { demo } });
  const body = await res.json<{ run?: SetupRun; error?: string }>();
  if (res.status !== 202) return { status: res.status, run: null, error: body.error };
  let run: SetupRun | null = null;
  await until(
    async () => {
      run = (await state()).steps.catalogue.run;
      return run?.id === body.run!.id && run.finishedAt !== null;
    },
    `setup run ${body.run!.id} to end`,
    120_000,
  );
  // The instance has recorded its end; let the engine finish it before the introspector lets it go.
  await until(
    async () => (await (await env.SETUP.get(setupInstanceId(body.run!.id, body.run!.startedAt))).status()).status === "complete",
    "the setup instance to complete",
  );
  return { status: res.status, run };
}

/** Requests that write, by path. */
const writes = async () => {
  const stats = await notionStats();
  return {
    databases: countPaths(stats, /^\/v1\/databases$/),
    pages: countPaths(stats, /^\/v1\/pages$/),
    uploads: countPaths(stats, /^\/v1\/file_uploads$/),
  };
};

let logged: Record<string, unknown>[];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    try {
      logged.push(JSON.parse(String(line)) as Record<string, unknown>);
    } catch {
      // not a log record
    }
  });
});
afterEach(() => vi.restoreAllMocks());

describe("Create the catalogue under this page, as a SETUP workflow run", { timeout: 180_000 }, () => {
  let page: string;
  beforeAll(async () => {
    await control("reset");
    page = await catalogueOnNewPage("Antique Coin-Op");
  });

  it(`creates every database of the layout and the demo's ${DEMO_PAGES} pages under an empty page, no step using more than ${DEFAULT_STEP_BUDGET} subrequests`, async () => {
    const before = await writes();
    const { status, run } = await setUp(true);
    expect(status).toBe(202);
    expect(run).toMatchObject({
      kind: "create",
      demo: true,
      ok: true,
      phase: "Done",
      databasesDone: NOTION_LAYOUT.length,
      databasesTotal: NOTION_LAYOUT.length,
      pagesDone: DEMO_PAGES,
      pagesTotal: DEMO_PAGES,
      message: `All ${NOTION_LAYOUT.length} databases are in order under the page, filled with the demo's items. Next: the first sync.`,
    });
    expect(run!.lines).toEqual([
      ...NOTION_LAYOUT.map((db) => `${db.title}: created (${db.properties.length} properties)`),
      ...DEMO.databases.map((db) => `${db.title}: ${db.pages.filter((p) => !p.testOnly).length} pages added`),
    ]);
    const made = await databasesUnder(page);
    expect(made.map((d) => d.title)).toEqual(NOTION_LAYOUT.map((db) => db.title));
    for (const db of DEMO.databases) {
      const titles = await rowTitles(made.find((d) => d.title === db.title)!.id);
      expect(titles.length, db.title).toBe(db.pages.filter((p) => !p.testOnly).length);
      expect(new Set(titles).size, db.title).toBe(titles.length);
    }
    const after = await writes();
    expect(after.databases - before.databases).toBe(NOTION_LAYOUT.length);
    expect(after.pages - before.pages).toBe(DEMO_PAGES);
    // Cut into many steps, each counted: Notion requests, D1 calls and the demo's pictures fetched from the site's files.
    const steps = logged.filter((r) => r.event === "setup_step" && r.runId === run!.id);
    expect(steps.length).toBeGreaterThan(NOTION_LAYOUT.length + DEMO.databases.length);
    for (const s of steps) expect(s.subrequests as number, String(s.step)).toBeLessThanOrEqual(DEFAULT_STEP_BUDGET);
    expect(Math.max(...steps.map((s) => s.subrequests as number))).toBeGreaterThan(DEFAULT_STEP_BUDGET / 2);
    expect(logged.filter((r) => r.event === "setup_end")).toEqual([expect.objectContaining({ runId: run!.id, ok: true })]);
    const { steps: card } = await state();
    expect(card.notion).toEqual({ done: true, parentPageId: page.replace(/-/g, "") });
    expect(card.catalogue.done).toBe(true);
    expect(card.firstSync.done).toBe(false);
  });

  it("run again on the same page, creates nothing: every database kept, every demo page already there, no write sent", async () => {
    const before = await writes();
    const { run } = await setUp(true);
    expect(run).toMatchObject({ ok: true, databasesDone: NOTION_LAYOUT.length, pagesDone: DEMO_PAGES });
    expect(run!.lines).toEqual([
      ...NOTION_LAYOUT.map((db) => `${db.title}: kept`),
      ...DEMO.databases.map((db) => `${db.title}: nothing added (${db.pages.filter((p) => !p.testOnly).length} pages already there)`),
    ]);
    expect(await writes()).toEqual(before);
    expect((await databasesUnder(page)).map((d) => d.title)).toEqual(NOTION_LAYOUT.map((db) => db.title));
  });
});

describe("setup's steps, retried and refused", { timeout: 120_000 }, () => {
  beforeEach(() => control("reset"));

  it("completes the database whose step failed after Notion made it, when the step runs again: no database twice", async () => {
    const page = await catalogueOnNewPage("Retried");
    const [first] = NOTION_LAYOUT;
    // The first database is created, then reading its data source back fails twice: the step fails, and its rerun finds
    // the database under the page (a third failure is retried within the rerun).
    await control("faults", { status: 503, times: 3, path: "GET /v1/data_sources/", code: "service_unavailable" });
    const before = await writes();
    const { run } = await setUp(false);
    expect(run).toMatchObject({ ok: true, databasesDone: NOTION_LAYOUT.length, pagesTotal: 0 });
    expect(run!.lines[0]).toBe(`${first!.title}: kept`);
    expect(run!.lines.slice(1)).toEqual(NOTION_LAYOUT.slice(1).map((db) => `${db.title}: created (${db.properties.length} properties)`));
    expect((await databasesUnder(page)).map((d) => d.title)).toEqual(NOTION_LAYOUT.map((db) => db.title));
    expect((await writes()).databases - before.databases).toBe(NOTION_LAYOUT.length);
    const attempts = logged.filter((r) => r.event === "setup_step" && r.step === `database ${first!.title}`);
    expect(attempts).toHaveLength(1);
  });

  it("completes what the page already holds: its database of the layout completed (its own property kept, its rows kept on the site), the rest created, one of each", async () => {
    const page = await catalogueOnNewPage("Half done");
    await control("databases", {
      id: "7e57da7a-0000-4000-8000-0000000000a1",
      dataSourceId: "7e57da7a-0000-4000-8000-0000000000a2",
      title: "Posts",
      properties: { Title: { type: "title" }, Notes: { type: "rich_text" } },
      pages: [{ properties: { Title: "Open on Saturdays" } }, { properties: { Title: "New workshop" } }],
      parent: page,
    });
    const { run } = await setUp(false);
    expect(run).toMatchObject({ ok: true, databasesDone: NOTION_LAYOUT.length });
    expect(run!.lines.filter((line) => line.startsWith("Posts: "))).toEqual([
      "Posts: completed (added Section, Display Order, Image, Content, Published, Hold Changes)",
      // Published added to a database with rows: ticked on each, so adding it takes nothing off the site.
      "Posts: Published ticked on its 2 rows already there, so they stay on the site",
    ]);
    const rows = await notionApi<{ results: { properties: { Published: { checkbox: boolean } } }[] }>(
      "data_sources/7e57da7a-0000-4000-8000-0000000000a2/query",
      { method: "POST", body: {} },
    );
    expect(rows.results.map((r) => r.properties.Published.checkbox)).toEqual([true, true]);
    expect(run!.lines.filter((line) => line.endsWith("properties)"))).toHaveLength(NOTION_LAYOUT.length - 1);
    const made = await databasesUnder(page);
    expect(made.map((d) => d.title).sort()).toEqual(NOTION_LAYOUT.map((db) => db.title).sort());
    const posts = await notionApi<{ data_sources: { id: string }[] }>(`databases/${made.find((d) => d.title === "Posts")!.id}`);
    const schema = await notionApi<{ properties: Record<string, unknown> }>(`data_sources/${posts.data_sources[0]!.id}`);
    expect(Object.keys(schema.properties)).toContain("Notes");
  });

  it("ends in the operator's words when the page is not shared, without trying again, and creates nothing", async () => {
    const missing = "0badc0de00004000800000000000beef";
    await env.DB.prepare(
      "INSERT INTO site_settings (key, value, updated_at) VALUES ('notionParentPageId', ?1, 'now') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
      .bind(JSON.stringify(missing))
      .run();
    const before = await notionStats();
    const { run } = await setUp(true);
    expect(run).toMatchObject({ ok: false, phase: "Stopped", databasesDone: 0, lines: [] });
    expect(run!.message).toBe(
      "Setup stopped while checking the page: The integration cannot see the page 0badc0de-0000-4000-8000-00000000beef: it does not exist or is not shared with the integration. In Notion, open the page, choose ••• → Connections and add your integration, then try again. What it made in Notion is kept: once fixed, run it again and it carries on where it stopped.",
    );
    const stats = await notionStats();
    expect(countPaths(stats, /^\/v1\/pages\//) - countPaths(before, /^\/v1\/pages\//)).toBe(1);
    expect(countPaths(stats, /^\/v1\/databases$/)).toBe(countPaths(before, /^\/v1\/databases$/));
  });

  it("ends in the words for a token Notion refuses, and for Notion down after every retry", async () => {
    await catalogueOnNewPage("Refused");
    await control("faults", { status: 401, times: 1, code: "unauthorized", message: "API token is invalid." });
    const refused = (await setUp(false)).run!;
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(
      /^Setup stopped while checking the page: Notion refused the integration's token \(401 unauthorized: API token is invalid\): the token is wrong or was revoked\. Fix: copy the integration's secret from https:\/\/www\.notion\.so\/profile\/integrations and store it as the NOTION_TOKEN secret/,
    );
    await control("faults", { status: 503, times: 50, path: "POST /v1/databases", code: "service_unavailable", message: "Notion is down" });
    const down = (await setUp(false)).run!;
    expect(down).toMatchObject({ ok: false, databasesDone: 0 });
    expect(down.message).toBe(
      `Setup stopped while setting up ${NOTION_LAYOUT[0]!.title}: Notion was unavailable (503 service_unavailable: Notion is down), however often it was asked. Fix: nothing to do: try again in a few minutes. What it made in Notion is kept: once fixed, run it again and it carries on where it stopped.`,
    );
    await control("faults", undefined, "DELETE");
  });

  it("records a run whose instance was lost as ended, in its words, and lets a new run start", async () => {
    await catalogueOnNewPage("Lost");
    const startedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO setup_runs (kind, demo, parent_page_id, started_at, phase) VALUES ('create', 0, 'p', ?1, 'Creating the databases')",
    )
      .bind(startedAt)
      .run();
    const lost = (await state()).steps.catalogue.run!;
    expect(lost).toMatchObject({ ok: false, phase: "Stopped" });
    expect(lost.message).toBe(
      "Setup was lost before it finished. What it made in Notion is kept: run it again and it carries on where it stopped.",
    );
    expect((await setUp(false)).run).toMatchObject({ ok: true });
  });

  it("refuses a second start while one runs, and a start before the page is chosen", async () => {
    await env.DB.exec("DELETE FROM site_settings");
    expect((await adminFetch(SETUP, { method: "POST", body: { demo: false } })).status).toBe(400);
    await catalogueOnNewPage("Twice");
    await using introspector = await introspectWorkflow(env.SETUP);
    const first = await adminFetch(SETUP, { method: "POST", body: { demo: false } });
    expect(first.status).toBe(202);
    const second = await adminFetch(SETUP, { method: "POST", body: { demo: true } });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: "The catalogue is already being created: its progress shows in the first-run card, and it carries on if you close the page.",
    });
    const [instance] = await introspector.get();
    await instance!.waitForStatus("complete");
    for (const body of [{}, { demo: "yes" }]) expect((await adminFetch(SETUP, { method: "POST", body })).status).toBe(400);
  });
});
