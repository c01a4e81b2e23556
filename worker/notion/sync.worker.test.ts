import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { NotionTable, SchemaSyncResult } from "../domain/types";
import worker from "../index";
import { adminFetch } from "../test/admin";
import { propKey, tableNameFor } from "./naming";
import { replaceRegistry, listEntries } from "./registry";
import { columnsFor, createTableSql } from "./schema";
import { syncSchemas as runSchemaSync } from "./schema-sync";
import { upstreamMessage } from "./upstream-error";
import { CONTRACT_DATABASES } from "./workspace";

const demo = inject("notionDemo");
const NOTION = env.NOTION_TEST_URL!;

type Stats = { requests: number; byPath: Record<string, number>; rateLimited: number; fileDownloads: number };

async function control(path: string, body?: unknown, method = "POST"): Promise<Response> {
  const res = await fetch(`${NOTION}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return res;
}
const notionStats = async () => (await (await fetch(`${NOTION}/__control/stats`)).json()) as Stats;
const countPaths = (stats: Stats, pattern: RegExp) => Object.entries(stats.byPath).reduce((n, [path, c]) => n + (pattern.test(path) ? c : 0), 0);

async function syncSchemas(): Promise<SchemaSyncResult> {
  const res = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
  expect(res.status).toBe(200);
  return res.json();
}
async function listTables(): Promise<NotionTable[]> {
  return (await (await adminFetch("/api/admin/notion-tables")).json<{ tables: NotionTable[] }>()).tables;
}
async function syncTable(title: string): Promise<Response> {
  const tableName = tableNameFor(title);
  const table = (await listTables()).find((t) => t.tableName === tableName)!;
  return adminFetch("/api/admin/notion-sync-table", { method: "POST", body: { tableName, databaseId: table.databaseId } });
}
async function rows<T = Record<string, unknown>>(title: string): Promise<T[]> {
  return (await env.DB.prepare(`SELECT * FROM "${tableNameFor(title)}" ORDER BY id`).all<T>()).results;
}
async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Notion sync against the demo workspace", { timeout: 60_000 }, () => {
  let summary: { success: boolean; requests: number; seconds: number; tables: { tableName: string; ok: boolean; rows?: number }[] };

  beforeAll(async () => {
    await control("reset");
    const res = await adminFetch("/api/admin/notion-sync-all", { method: "POST" });
    expect(res.status).toBe(200);
    summary = await res.json();
    console.log(`full demo sync: ${summary.requests} Notion requests in ${summary.seconds.toFixed(1)} s`);
  }, 120_000);

  it("syncs every contract database and pages at Notion's average rate", async () => {
    expect(summary.success).toBe(true);
    expect(summary.tables.map((t) => t.tableName).sort()).toEqual(CONTRACT_DATABASES.map((d) => d.tableName).sort());
    // 3 requests/s after a burst of 2: the run cannot be faster than that.
    expect(summary.seconds).toBeGreaterThanOrEqual((summary.requests - 2) / 3 - 0.5);
  });

  it("creates the 12 tables with a typed column per property", async () => {
    for (const db of CONTRACT_DATABASES) {
      const info = (await env.DB.prepare("SELECT name, type FROM pragma_table_info(?1)").bind(db.tableName).all<{ name: string; type: string }>()).results;
      const names = info.map((c) => c.name);
      expect(names.slice(0, 3), db.title).toEqual(["id", "created_time", "last_edited_time"]);
      expect(names.includes("body_md"), db.title).toBe(db.hasBody);
      for (const property of demo.properties[db.title]) expect(names.map(propKey), `${db.title}.${property}`).toContain(propKey(property));
      expect(info.length, db.title).toBe(3 + demo.properties[db.title].length + (db.hasBody ? 1 : 0));
    }
    const slots = Object.fromEntries(
      (await env.DB.prepare("SELECT name, type FROM pragma_table_info('notion_slot_machines')").all<{ name: string; type: string }>()).results.map((c) => [c.name, c.type]),
    );
    expect(slots).toMatchObject({ title: "TEXT", year: "REAL", price: "REAL", for_sale: "INTEGER", main_image: "TEXT", additional_images: "TEXT" });
  });

  it("row counts match the demo workspace and the tables list reports them", async () => {
    const tables = await listTables();
    for (const db of CONTRACT_DATABASES) {
      expect((await rows(db.title)).length, db.title).toBe(demo.pages[db.title]);
      expect(tables.find((t) => t.tableName === db.tableName)).toMatchObject({ recordCount: demo.pages[db.title], databaseTitle: db.title });
    }
  });

  it("stores post bodies as Markdown and leaves an empty body NULL", async () => {
    const posts = await rows<{ title: string; body_md: string | null; content: string | null }>("Posts");
    const welcome = posts.find((p) => p.title === "Welcome to the workshop")!;
    expect(welcome.body_md).toContain("# Preserving gambling history one machine at a time");
    expect(welcome.body_md).toContain("For more than thirty years we have restored **antique slot machines**, trade stimulators");
    expect(welcome.body_md).toMatch(/\n- Full mechanical and cosmetic restorations\n {2}- Cabinet refinishing in period-correct stains\n {2}- Replating and casting repair\n/);
    expect(welcome.body_md).toContain("[our services](/services)");
    expect(welcome.body_md).toMatch(/!\[A 1933 Mills Castle Front after restoration\]\(\/media\/notion\/[0-9a-f-]+\/slot-castle-front\.png\)/);
    const serial = posts.find((p) => p.title === "Reading a Mills serial number")!;
    expect(serial.body_md).toContain("```\nserial < 200000      -> before 1930\n");
    expect(serial.body_md).toContain("### Dating by serial");
    const manual = posts.find((p) => p.title === "Service manual excerpts")!;
    expect(manual.body_md).toBeNull();
    expect(manual.content).toContain("## Adjusting the payout slide");
  });

  it("copies Notion-hosted files into R2 and stores the site's /media URL; external URLs pass through", async () => {
    const slots = await rows<{ title: string; main_image: string; additional_images: string | null }>("Slot Machines");
    for (const slot of slots) {
      for (const url of JSON.parse(slot.main_image) as string[]) {
        expect(url).toMatch(/^\/media\/notion\/[0-9a-f-]+\/[\w.-]+$/);
        expect(await env.MEDIA.head(url.slice("/media/".length)), url).not.toBeNull();
      }
    }
    const rolATop = JSON.parse(slots.find((s) => s.title === "Watling Rol-a-Top 5¢")!.additional_images!) as string[];
    expect(rolATop.filter((u) => u.startsWith("/media/notion/"))).toHaveLength(2);
    expect(rolATop[2]).toBe(`${NOTION}/public/detail-award-card.png`);
  });

  it("serves a synced file from /media with the bytes Notion had and immutable caching", async () => {
    const [slot] = await rows<{ main_image: string }>("Slot Machines");
    const url = (JSON.parse(slot.main_image) as string[])[0];
    const res = await exports.default.fetch(`http://localhost${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const name = url.split("/").pop()!;
    const original = new Uint8Array(await (await fetch(`${NOTION}/public/${name}`)).arrayBuffer());
    expect(bytes).toEqual(original);
    const again = await exports.default.fetch(`http://localhost${url}`, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect((await exports.default.fetch("http://localhost/media/notion/00000000-0000-4000-8000-000000000000/none.png")).status).toBe(404);
  });

  it("records the runs in sync_runs", async () => {
    const runs = (await env.DB.prepare("SELECT kind, target, ok, message FROM sync_runs WHERE kind IN ('schema', 'table', 'full') ORDER BY id").all()).results;
    expect(runs.filter((r) => r.kind === "table" && r.ok === 1)).toHaveLength(12);
    expect(runs).toContainEqual({ kind: "table", target: "notion_slot_machines", ok: 1, message: `Synced ${demo.pages["Slot Machines"]} rows into notion_slot_machines` });
    expect(runs.filter((r) => r.kind === "full")).toEqual([{ kind: "full", target: null, ok: 1, message: `Synced 12 of 12 tables, ${Object.values(demo.pages).reduce((a, b) => a + b, 0)} rows` }]);
  });
});

describe("Notion sync when Notion misbehaves", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    const schema = await syncSchemas();
    expect(schema.success).toBe(true);
  });

  it("answers a table sync with its message and purges the API cache", async () => {
    await env.CACHE.put("cache:probe", "{}");
    const res = await syncTable("Slot Machines");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: `Synced ${demo.pages["Slot Machines"]} rows into notion_slot_machines` });
    expect(await env.CACHE.get("cache:probe")).toBeNull();
  });

  it("honours a 429's Retry-After, also mid-sync, and completes", async () => {
    await control("faults", { status: 429, times: 1, path: "/query", retryAfter: 2 });
    const started = Date.now();
    expect((await syncTable("Page Headers")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(countPaths(await notionStats(), /\/query$/)).toBe(2);

    expect((await syncTable("Posts")).status).toBe(200);
    const blockReads = countPaths(await notionStats(), /\/children$/);
    await control("faults", { status: 429, times: 1, path: "/children", retryAfter: 1 });
    expect((await syncTable("Posts")).status).toBe(200);
    expect(await rows("Posts")).toHaveLength(demo.pages.Posts);
    expect(countPaths(await notionStats(), /\/children$/)).toBe(2 * blockReads + 1);
  });

  it("retries a 500 on the data source query (a POST read)", async () => {
    await control("faults", { status: 500, times: 2, path: "/query" });
    const res = await syncTable("Vintage Toys");
    expect(res.status).toBe(200);
    expect(await rows("Vintage Toys")).toHaveLength(demo.pages["Vintage Toys"]);
    expect(countPaths(await notionStats(), /\/query$/)).toBe(3);
  });

  it("answers 502 with Notion's message on a persistent 500 and keeps the previous rows", async () => {
    expect((await syncTable("Posts")).status).toBe(200);
    const before = await rows("Posts");
    await control("faults", { status: 500, times: 1000, path: "/children", message: "Notion is having a bad day" });
    const res = await syncTable("Posts");
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "Notion: Notion is having a bad day" });
    expect(await rows("Posts")).toEqual(before);
    const tables = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%incoming%'").all()).results;
    expect(tables).toEqual([]);
    await control("faults", undefined, "DELETE");
    expect((await env.DB.prepare("SELECT ok FROM sync_runs WHERE kind = 'table' ORDER BY id DESC LIMIT 1").first())?.ok).toBe(0);
  });

  it("refuses a second sync while one is running with 409", async () => {
    const first = syncTable("Posts");
    await until(async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM locks").first<{ n: number }>())!.n > 0, "the sync lock");
    const second = await syncTable("Slot Machines");
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: "A Notion sync is already running; try again when it has finished" });
    const schema = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
    expect(schema.status).toBe(409);
    expect((await first).status).toBe(200);
    expect((await syncTable("Slot Machines")).status).toBe(200);
  });

  it("re-reads the page for a fresh URL when a signed file URL has expired", async () => {
    for (const obj of (await env.MEDIA.list({ prefix: "notion/" })).objects) await env.MEDIA.delete(obj.key);
    // Hold the run on its first block read, expire every URL handed out so far, then let it go on.
    await control("faults", { status: 429, times: 1, path: "/children", retryAfter: 2 });
    const sync = syncTable("Posts");
    await until(async () => countPaths(await notionStats(), /\/children$/) > 0, "the first block read");
    await control("expire-files");
    expect((await sync).status).toBe(200);
    const stats = await notionStats();
    expect(countPaths(stats, /^\/v1\/pages\/[^/]+$/)).toBeGreaterThan(0);
    const posts = await rows<{ image: string | null }>("Posts");
    for (const url of posts.flatMap((p) => (p.image ? (JSON.parse(p.image) as string[]) : []))) {
      expect(await env.MEDIA.head(url.slice("/media/".length)), url).not.toBeNull();
    }
  });

  it("syncs hostile database titles and property names safely", async () => {
    const hostile = 'x"); DROP TABLE sync_tables; --';
    await control("databases", {
      title: `Robert'); DROP TABLE "notion_posts"; --`,
      properties: { Name: { type: "title" }, [hostile]: { type: "rich_text" } },
      pages: [{ properties: { Name: "a", [hostile]: "b" } }],
    });
    await control("databases", {
      id: "7e57da7a-0000-4000-8000-000000000001",
      dataSourceId: "7e57da7a-0000-4000-8000-000000000002",
      title: "Vintage Toys",
      properties: { Title: { type: "title" }, [hostile]: { type: "rich_text" }, 'Price"': { type: "number" }, "ID": { type: "rich_text" } },
      pages: [{ properties: { Title: "Robert'); DROP TABLE notion_posts; --", [hostile]: "<script>alert(1)</script>", 'Price"': 5, ID: "id?" } }],
    });
    const schema = await syncSchemas();
    expect(schema.tables).toHaveLength(12);
    expect(schema.tables.every((t) => t.status === "created")).toBe(true);
    const names = (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_' ORDER BY name").all<{ name: string }>()).results.map((r) => r.name);
    expect(names).toEqual(CONTRACT_DATABASES.map((d) => d.tableName).sort());
    expect((await listTables()).find((t) => t.tableName === "notion_vintage_toys")?.databaseId).toBe("7e57da7a-0000-4000-8000-000000000001");
    expect((await syncTable("Vintage Toys")).status).toBe(200);
    expect(await rows("Vintage Toys")).toEqual([
      expect.objectContaining({ title: "Robert'); DROP TABLE notion_posts; --", x_drop_table_sync_tables: "<script>alert(1)</script>", price: 5, id_2: "id?" }),
    ]);
    expect((await syncTable("Posts")).status).toBe(200);
  });

  it("stores every Notion property type per the D1 contract", async () => {
    const { id, dataSourceId } = await (await control("databases", demo.zoo)).json<{ id: string; dataSourceId: string }>();
    const tableName = tableNameFor(demo.zoo.title);
    const columns = columnsFor(Object.fromEntries(Object.entries(demo.zoo.properties).map(([name, p]) => [name, { name, type: p.type }])));
    const entry = { tableName, databaseTitle: demo.zoo.title, databaseId: id, dataSourceId, columns, hasBody: false, schemaSyncedAt: null, dataSyncedAt: null };
    await env.DB.batch([env.DB.prepare(createTableSql(tableName, columns, false)), ...replaceRegistry(env.DB, [...(await listEntries(env.DB)), entry])]);
    const res = await adminFetch("/api/admin/notion-sync-table", { method: "POST", body: { tableName, databaseId: id.replace(/-/g, "") } });
    expect(res.status).toBe(200);
    const [full, empty] = await env.DB.prepare(`SELECT * FROM "${tableName}" ORDER BY ref`).all<Record<string, unknown>>().then((r) => r.results);
    const photos = JSON.parse(full.photos as string) as string[];
    expect(photos[0]).toMatch(/^\/media\/notion\/[0-9a-f-]+\/detail-mechanism\.png$/);
    expect(photos[1]).toBe(`${NOTION}/public/detail-reels.png`);
    expect(full).toMatchObject({
      job: "Rebuild Castle Front clock",
      notes: "Replace the main spring and regulate; see notes",
      hours: 3.5,
      done: 1,
      bench: "Front",
      tags: '["Mechanism","Plating"]',
      stage: "Done",
      due: "2025-02-03",
      link: "https://example.com/jobs/1",
      contact: "bench@antique-coin-op.example",
      phone: "+1 217 555 0148",
      restorer: '["Ada Workshop"]',
      summary: "Rebuild Castle Front clock (3.5 h)",
      billable: "true",
      ref: "JOB-1",
    });
    expect(JSON.parse(full.machine as string)).toHaveLength(1);
    expect(full.created).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(full.edited).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(empty).toMatchObject({ job: "Empty job", notes: null, hours: null, done: 0, bench: null, tags: null, stage: null, due: null, link: null, photos: null, restorer: null, machine: null, ref: "JOB-2" });
  });

  it("runs the full sync from the nightly cron trigger", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "0 4 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const run = await env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = 'full' ORDER BY id DESC LIMIT 1").first();
    expect(run).toEqual({ ok: 1, message: `Synced 12 of 12 tables, ${Object.values(demo.pages).reduce((a, b) => a + b, 0)} rows` });
  });

  it("reports an unreachable Notion as an upstream failure, not a crash", async () => {
    const failure = await runSchemaSync({ ...env, NOTION_API_URL: "http://127.0.0.1:9" }).then(() => null, (err: unknown) => err);
    expect(upstreamMessage(failure)).toMatch(/^Could not reach 127\.0\.0\.1:9: /);
  });
});
