import { NOTION_VERSION } from "#contract/notion";
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { CATEGORIES } from "#contract/categories";
import type { RecordedCall } from "../../test/hook-recorder";
import { admin, get } from "../../test/http";
import { NOTION, control, listTables, rows, startAndWait, syncSchemas } from "../../test/notion-sync";
import { editPage } from "../../test/webhooks";
import type { SyncAllSummary } from "#contract/admin-api";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { syncAll as runFullSync } from "../../test/inline-sync";
import { CONTRACT_DATABASES } from "../mapping/workspace";
import { confirmHold } from "../../data/removal-holds";

const recorder = inject("hookRecorderUrl");

/** An env whose deploy hook is a fresh recorder path, so a test sees only its own calls. */
function hookedEnv() {
  const path = `/rebuild/${crypto.randomUUID()}`;
  return { env: { ...env, DEPLOY_HOOK_URL: `${recorder}${path}` }, path };
}

async function hookCalls(path: string): Promise<RecordedCall[]> {
  return (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>()).filter((call) => call.path === path);
}

/**
 * The full sync: started through the admin API as a workflow run and waited for; with another env (a deploy hook
 * recorder, which the workflow's own env cannot have), the same job run inline in this invocation.
 */
async function syncAll(testEnv: Env = env): Promise<SyncAllSummary> {
  if (testEnv !== env) return runFullSync(testEnv);
  const started = await startAndWait("/api/admin/notion-sync-all", undefined, 110_000);
  expect(started.status).toBe(202);
  return started.run!.result as SyncAllSummary;
}

/** Rows per contract table (null for a table that does not exist). */
async function rowCounts(): Promise<Record<string, number | null>> {
  const counts: Record<string, number | null> = {};
  for (const { tableName } of CONTRACT_DATABASES) {
    const count = await env.DB.prepare(`SELECT COUNT(*) AS n FROM "${tableName}"`)
      .first<{ n: number }>()
      .catch(() => null);
    counts[tableName] = count?.n ?? null;
  }
  return counts;
}

/** Each category listing's answer as `status:totalItems`, and the home posts' as `status:count`. */
async function listingAnswers(): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const { id } of CATEGORIES) {
    const res = await get<{ pagination?: { totalItems: number } }>(`/api/collection/${id}?page=1&limit=2`);
    answers[id] = `${res.status}:${res.body.pagination?.totalItems}`;
  }
  const posts = await get<unknown[]>("/api/posts/section/home");
  answers.posts = `${posts.status}:${Array.isArray(posts.body) ? posts.body.length : "-"}`;
  return answers;
}

/** Notion's search answer for data sources without the one titled `title`, as an incomplete search would give it. */
async function searchWithout(title: string): Promise<unknown> {
  const res = await fetch(`${NOTION}/v1/search`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.NOTION_TOKEN}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
    body: JSON.stringify({ filter: { property: "object", value: "data_source" }, page_size: 100 }),
  });
  const answer = await res.json<{ results: { title: { plain_text: string }[] }[] }>();
  const results = answer.results.filter((r) => r.title.map((t) => t.plain_text).join("") !== title);
  expect(results).toHaveLength(answer.results.length - 1);
  return { ...answer, results };
}

const rebuildRuns = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sync_runs WHERE kind = 'rebuild'").first<{ n: number }>())!.n;
const missing = (title: string) =>
  `No database titled "${title}" found in Notion this time: is it shared with the integration? The table keeps its previous rows.`;

describe("a full sync on existing data", { timeout: 120_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    await admin("POST", "/api/admin/cache/enable");
    const first = await syncAll();
    expect(first.success).toBe(true);
  }, 120_000);

  it("never answers a listing empty while it replaces the tables (cache off, polled throughout)", async () => {
    await admin("POST", "/api/admin/cache/disable");
    const before = await listingAnswers();
    for (const [what, answer] of Object.entries(before)) expect(answer, what).toMatch(/^200:[1-9]\d*$/);
    let running = true;
    const sync = syncAll().finally(() => (running = false));
    const seen: Record<string, string>[] = [];
    // Bounded by the sync's end; the cap only guards against a sync that never ends. The pause between polls lets
    // the sync's timers (its pacer) fire: a loop of back-to-back requests starves them in workerd.
    for (let i = 0; running && i < 5_000; i++) {
      seen.push(await listingAnswers());
      await new Promise((r) => setTimeout(r, 20));
    }
    const body = await sync;
    expect(body.success).toBe(true);
    expect(body.tables.filter((t) => t.ok)).toHaveLength(12);
    expect(seen.length).toBeGreaterThan(10);
    for (const answers of seen) expect(answers).toEqual(before);
    expect(await listingAnswers()).toEqual(before);
  });

  it("gives a table the columns Notion's schema has now, swapped in with its new rows", async () => {
    const toys = { id: "7e57da7a-0000-4000-8000-000000000201", dataSourceId: "7e57da7a-0000-4000-8000-000000000202" };
    await control("databases", {
      ...toys,
      title: "Vintage Toys",
      properties: { Title: { type: "title" }, "Toy Type": { type: "select" }, "Box Included": { type: "checkbox" } },
      pages: [
        { properties: { Title: "Tin robot", "Toy Type": "Tin", "Box Included": true } },
        { properties: { Title: "Spinning top", "Box Included": false } },
      ],
      replace: true,
    });
    const live = (await rows("Vintage Toys")).length;
    const body = await syncAll();
    // Every toy on the site would leave at once: they stay, with the new columns, until the operator confirms.
    expect(body.tables.find((t) => t.tableName === "notion_vintage_toys")).toMatchObject({
      ok: true,
      rows: live + 2,
      message: `Synced ${live + 2} rows into notion_vintage_toys; Vintage Toys: ${live} of ${live} items would leave the site at once (${live} deleted or moved away in Notion), so they stay on it until you confirm in the admin panel (Notion Sync, Tables)`,
    });
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('notion_vintage_toys')").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    expect(columns).toEqual(["id", "created_time", "last_edited_time", "title", "title_rich", "box_included", "toy_type", "body_md"]);
    expect(await rows("Vintage Toys")).toHaveLength(live + 2);
    expect(await confirmHold(env.DB, "notion_vintage_toys")).toBe(true);
    await syncAll();
    expect((await rows<{ title: string; box_included: number }>("Vintage Toys")).map((r) => [r.title, r.box_included]).sort()).toEqual([
      ["Spinning top", 0],
      ["Tin robot", 1],
    ]);
    expect((await listTables()).find((t) => t.tableName === "notion_vintage_toys")).toMatchObject({ recordCount: 2, databaseId: toys.id });
    expect((await get<{ pagination: { totalItems: number } }>("/api/collection/toys")).body.pagination.totalItems).toBe(2);
    // The next test's Notion is the demo's again: without these two rows its first sync has no removal to hold back.
    await env.DB.prepare("DELETE FROM notion_vintage_toys").run();
  });

  it("keeps every row when search misses 1 of 12 databases, and asks for no rebuild", async () => {
    const before = await rowCounts();
    const registered = await listTables();
    await control("faults", { status: 200, path: "/v1/search", body: await searchWithout("Slot Machines") });
    const { env: hooked, path } = hookedEnv();
    const rebuildsBefore = await rebuildRuns();

    const body = await syncAll(hooked);
    expect(body.success).toBe(false);
    const expectedRows = Object.entries(before)
      .filter(([t]) => t !== "notion_slot_machines")
      .reduce((n, [, c]) => n + c!, 0);
    expect(body.message).toBe(`Synced 11 of 12 tables, ${expectedRows} rows`);
    expect(body.tables.find((t) => t.tableName === "notion_slot_machines")).toEqual({
      tableName: "notion_slot_machines",
      databaseTitle: "Slot Machines",
      ok: false,
      message: missing("Slot Machines"),
    });
    expect(await rowCounts()).toEqual(before);
    expect(await listTables()).toEqual(registered);
    expect(await hookCalls(path)).toEqual([]);
    expect(await rebuildRuns()).toBe(rebuildsBefore);
    const run = await env.DB.prepare("SELECT ok, message, error FROM sync_runs WHERE kind = 'full' ORDER BY id DESC LIMIT 1").first();
    // The sync history names each table that did not sync and why.
    expect(run).toEqual({ ok: 0, message: body.message, error: `notion_slot_machines: ${missing("Slot Machines")}` });
  });

  it("syncs a table whose file download answers 404: the row kept without the file, the file in the run's history, the site rebuilt, the file copied by the next sync", async () => {
    const before = await rowCounts();
    // An edited toy's image not copied (any more) must be downloaded again; Notion's file storage answers 404 for it.
    const toysBefore = await rows<{ id: string; title: string; main_image: string | null }>("Vintage Toys");
    const toy = toysBefore.find((t) => t.main_image?.includes("/media/notion/"))!;
    const url = (JSON.parse(toy.main_image!) as string[])[0]!;
    const key = url.slice("/media/".length);
    await env.MEDIA.delete(key);
    await env.DB.prepare("DELETE FROM media_files WHERE key = ?1").bind(key).run();
    await editPage(toy.id, { properties: { "For Sale": { checkbox: true } } });
    await control("faults", { status: 404, path: `/${key.split("/")[1]}/`, code: "object_not_found", message: "gone" });
    const { env: hooked, path } = hookedEnv();

    const body = await syncAll(hooked);
    expect(body.success).toBe(true);
    expect(body.tables.find((t) => t.tableName === "notion_vintage_toys")).toMatchObject({ ok: true, rows: before.notion_vintage_toys });
    expect(await rowCounts()).toEqual(before);
    const synced = (await rows<{ id: string; main_image: string | null; for_sale: number }>("Vintage Toys")).find((t) => t.id === toy.id)!;
    expect(synced.for_sale).toBe(1);
    expect(synced.main_image ?? "").not.toContain(url);
    // Every table synced, so the site is rebuilt: the item's page must show its edit (and, its image gone, the category's default).
    expect(await hookCalls(path)).toHaveLength(1);
    const skipped = { pageId: toy.id, pageTitle: toy.title, property: "Main Image", reason: "Notion's file storage answered HTTP 404" };
    const { runs } = (await admin("GET", "/api/admin/sync-runs?limit=20")).body as { runs: SyncHistoryRun[] };
    const full = runs.find((r) => r.kind === "full")!;
    expect(full).toMatchObject({ ok: true, skippedTotal: 1, skippedFiles: [expect.objectContaining(skipped)] });
    expect(full.skippedFiles[0]!.file).not.toContain("?");
    expect(runs.find((r) => r.kind === "table" && r.target === "notion_vintage_toys")).toMatchObject({
      skippedTotal: 1,
      skippedFiles: [expect.objectContaining(skipped)],
    });

    // Nothing recorded the file as copied: the next sync (an update in place; the toy not edited again) reads its page and copies it.
    await control("faults", undefined, "DELETE");
    // A watermark past every edit: the query for edited pages returns none, so only the retry list brings the toy back.
    await env.DB.prepare("UPDATE sync_tables SET data_synced_at = ?1 WHERE table_name = 'notion_vintage_toys'")
      .bind(new Date(Date.now() + 3_600_000).toISOString())
      .run();
    expect((await syncAll()).success).toBe(true);
    expect((await rows<{ id: string; main_image: string | null }>("Vintage Toys")).find((t) => t.id === toy.id)!.main_image).toBe(
      toy.main_image,
    );
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const { runs: after } = (await admin("GET", "/api/admin/sync-runs?limit=20")).body as { runs: SyncHistoryRun[] };
    expect(after[0]!.id).toBeGreaterThan(full.id);
    expect(after.find((r) => r.kind === "full")).toMatchObject({ ok: true, skippedTotal: 0, skippedFiles: [] });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM file_retry_pages").first("n")).toBe(0);
  });

  it("keeps, through the operator's schema sync, the table whose database search did not return", async () => {
    const before = await rowCounts();
    const registered = await listTables();
    await control("faults", { status: 200, path: "/v1/search", body: await searchWithout("Slot Machines") });
    const schema = await syncSchemas();
    expect(schema.success).toBe(false);
    expect(schema.message).toBe("Created 11 of 12 tables; 1 databases were not found in Notion");
    expect(schema.tables.find((t) => t.tableName === "notion_slot_machines")).toEqual({
      tableName: "notion_slot_machines",
      status: "error",
      error: missing("Slot Machines"),
    });
    const after = await rowCounts();
    expect(after.notion_slot_machines).toBe(before.notion_slot_machines);
    expect(
      Object.entries(after)
        .filter(([t]) => t !== "notion_slot_machines")
        .every(([, n]) => n === 0),
    ).toBe(true);
    expect((await listTables()).find((t) => t.tableName === "notion_slot_machines")).toEqual(
      registered.find((t) => t.tableName === "notion_slot_machines"),
    );
  });
});

describe("databases sharing a contract title", { timeout: 120_000 }, () => {
  const impostor = { id: "7e57da7a-0000-4000-8000-000000000301", dataSourceId: "7e57da7a-0000-4000-8000-000000000302" };

  beforeEach(async () => {
    await control("reset");
    expect((await syncAll()).success).toBe(true);
    await control("databases", {
      ...impostor,
      title: "Slot Machines",
      properties: { Title: { type: "title" } },
      pages: [{ properties: { Title: "Impostor" } }],
    });
  }, 120_000);

  const duplicate = (demoId: string) =>
    `2 Notion databases are titled "Slot Machines" (ids ${demoId}, ${impostor.id}). The sync leaves its table as it was until only one is left: rename, delete or stop sharing the others, then sync again.`;

  it("are reported by name and id by the full sync, which leaves their table as it was and asks for no rebuild", async () => {
    const slots = await rows("Slot Machines");
    const registered = (await listTables()).find((t) => t.tableName === "notion_slot_machines")!;
    const { env: hooked, path } = hookedEnv();
    const body = await syncAll(hooked);
    expect(body.success).toBe(false);
    expect(body.tables.find((t) => t.tableName === "notion_slot_machines")).toEqual({
      tableName: "notion_slot_machines",
      databaseTitle: "Slot Machines",
      ok: false,
      message: duplicate(registered.databaseId!),
    });
    expect(body.tables.filter((t) => t.ok)).toHaveLength(11);
    expect(await rows("Slot Machines")).toEqual(slots);
    expect((await listTables()).find((t) => t.tableName === "notion_slot_machines")).toEqual(registered);
    expect(await hookCalls(path)).toEqual([]);
  });

  it("are reported by name and id by the schema sync, which keeps their table while it recreates the others", async () => {
    const slots = await rows("Slot Machines");
    const registered = (await listTables()).find((t) => t.tableName === "notion_slot_machines")!;
    const schema = await syncSchemas();
    expect(schema.message).toBe("Created 11 of 12 tables; 1 database titles are shared by more than one Notion database");
    expect(schema.tables.find((t) => t.tableName === "notion_slot_machines")).toEqual({
      tableName: "notion_slot_machines",
      status: "error",
      error: duplicate(registered.databaseId!),
    });
    expect(await rows("Slot Machines")).toEqual(slots);
    expect((await listTables()).find((t) => t.tableName === "notion_slot_machines")).toEqual(registered);
    expect(await rows("Vintage Toys")).toEqual([]);
  });
});
