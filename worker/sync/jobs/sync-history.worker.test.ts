import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { adminFetch } from "../../test/admin";
import { control, runCron, startAndWait } from "../../test/notion-sync";
import type { RegistryEntry } from "../../tables/registry";
import { columnsFor } from "../../tables/schema";
import { syncTable } from "../../test/inline-sync";

const DATABASE_ID = crypto.randomUUID();
const DATA_SOURCE_ID = crypto.randomUUID();
const PROPERTIES = { Name: { type: "title" }, Photos: { type: "files" } } as const;
const ENTRY: RegistryEntry = {
  tableName: "notion_history_probe",
  databaseTitle: "History Probe",
  databaseId: DATABASE_ID,
  dataSourceId: DATA_SOURCE_ID,
  columns: columnsFor(PROPERTIES),
  hasBody: true,
  schemaSyncedAt: null,
  dataSyncedAt: null,
};
const [ALPHA, BRAVO, CHARLIE, DELTA] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];

/** Puts the probe database (same ids every time) into the local Notion server with `pages`. */
async function probe(pages: unknown[]): Promise<void> {
  await control("databases", {
    id: DATABASE_ID,
    dataSourceId: DATA_SOURCE_ID,
    title: "History Probe",
    properties: PROPERTIES,
    pages,
    replace: true,
  });
}

const page = (id: string, name: string, lastEditedTime: string, extra: Record<string, unknown> = {}) => ({
  id,
  properties: { Name: name },
  createdTime: "2026-01-01T00:00:00.000Z",
  lastEditedTime,
  body: [{ type: "paragraph", text: `${name} body` }],
  ...extra,
});

async function history(query = ""): Promise<SyncHistoryRun[]> {
  const res = await adminFetch(`/api/admin/sync-runs${query}`);
  expect(res.status).toBe(200);
  return (await res.json<{ runs: SyncHistoryRun[] }>()).runs;
}

describe("sync history", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    await env.DB.exec("DELETE FROM sync_runs");
  });

  it("records a table sync's pages added, changed and removed, the files it copied and the blocks its Markdown could not show", async () => {
    await probe([
      page(ALPHA, "Alpha", "2026-01-02T00:00:00.000Z"),
      page(BRAVO, "Bravo", "2026-01-02T00:00:00.000Z"),
      page(CHARLIE, "Charlie", "2026-01-02T00:00:00.000Z"),
    ]);
    await syncTable(env, ENTRY);
    const photo = { image: "ad-clock.png", id: crypto.randomUUID() };
    const delta = page(DELTA, "Delta", "2026-01-03T00:00:00.000Z", {
      properties: { Name: "Delta", Photos: [photo] },
      body: [
        { type: "paragraph", text: "Delta body" },
        { type: "embed", url: "https://maps.example.com/shop" },
        { type: "child_page", title: "Old notes" },
        { type: "child_page", title: "Older notes" },
      ],
    });
    await probe([page(BRAVO, "Bravo edited", "2026-01-03T00:00:00.000Z"), page(CHARLIE, "Charlie", "2026-01-02T00:00:00.000Z"), delta]);
    await syncTable(env, ENTRY);

    const [latest, first] = await history();
    expect(first).toMatchObject({
      kind: "table",
      target: "notion_history_probe",
      trigger: "manual",
      ok: true,
      pagesAdded: 3,
      pagesChanged: 0,
      pagesRemoved: 0,
      filesCopied: 0,
    });
    expect(latest).toMatchObject({
      kind: "table",
      target: "notion_history_probe",
      trigger: "manual",
      ok: true,
      error: null,
      message: "Synced 3 rows into notion_history_probe",
      pagesAdded: 1,
      pagesChanged: 1,
      pagesRemoved: 1,
      filesCopied: 1,
      unsupportedBlocks: [{ pageId: DELTA, pageTitle: "Delta", type: "child_page", count: 2 }],
      unsupportedTotal: 2,
    });
    expect(Date.parse(latest!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(latest!.startedAt));
    // The page still syncs: only the blocks are left out of its Markdown (an embed is shown, as a link).
    const row = await env.DB.prepare("SELECT body_md FROM notion_history_probe WHERE id = ?1").bind(DELTA).first<{ body_md: string }>();
    expect(row?.body_md).toBe("Delta body\n\n::embed https://maps.example.com/shop");
  });

  it("records a failed table sync with its error and no counts", async () => {
    await probe([page(ALPHA, "Alpha", "2026-01-02T00:00:00.000Z")]);
    await control("faults", {
      status: 400,
      path: `/v1/data_sources/${DATA_SOURCE_ID}/query`,
      code: "validation_error",
      message: "The probe query was refused",
    });
    await expect(syncTable(env, ENTRY)).rejects.toThrow("The probe query was refused");
    const [run] = await history();
    expect(run).toMatchObject({ kind: "table", trigger: "manual", ok: false, pagesAdded: null, filesCopied: null, unsupportedBlocks: [] });
    expect(run!.error).toContain("The probe query was refused");
  });

  it("records what started a full sync: the nightly cron, the admin panel, the launcher", async () => {
    const refuseSearch = () =>
      control("faults", { status: 400, path: "/v1/search", code: "validation_error", message: "Search refused for the history test" });
    await refuseSearch();
    await runCron();
    await refuseSearch();
    expect((await startAndWait("/api/admin/notion-sync-all")).run).toMatchObject({ ok: false, status: "errored" });
    await refuseSearch();
    expect((await startAndWait("/api/admin/notion-sync-all?trigger=launcher")).run).toMatchObject({ ok: false, status: "errored" });
    const runs = await history();
    expect(runs.map((r) => [r.kind, r.trigger, r.ok])).toEqual([
      ["full", "launcher", false],
      ["full", "manual", false],
      ["full", "cron", false],
    ]);
    for (const run of runs) expect(run.error).toContain("Search refused for the history test");
  });

  it("refuses a trigger the admin API may not claim", async () => {
    const res = await adminFetch("/api/admin/notion-sync-all?trigger=cron", { method: "POST" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringContaining("Invalid trigger") });
    expect(await history()).toEqual([]);
  });
});
