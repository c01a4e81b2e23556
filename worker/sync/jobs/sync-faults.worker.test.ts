import { env } from "cloudflare:test";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { adminFetch } from "../../test/admin";
import { storedKeyOf } from "../../test/cache-keys";
import {
  NOTION,
  control,
  notionStats,
  countPaths,
  syncSchemas,
  listTables,
  syncTable,
  rows,
  runCron,
  startAndWait,
  until,
} from "../../test/notion-sync";
import { editPage } from "../../test/webhooks";
import { tableNameFor } from "../../tables/naming";
import { replaceRegistry, listEntries } from "../../tables/registry";
import { columnsFor, createTableSql } from "../../tables/schema";
import { syncSchemas as runSchemaSync } from "./schema-job";
import { upstreamMessage } from "../../notion/upstream-error";
import { CONTRACT_DATABASES } from "../mapping/workspace";

const demo = inject("notionDemo");

describe("Notion sync when Notion misbehaves", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await control("reset");
    const schema = await syncSchemas();
    expect(schema.success).toBe(true);
  });

  it("answers a table sync at once with its run id; the run ends with its message and purges the API cache", async () => {
    await env.CACHE.put(await storedKeyOf("cache:content:probe"), "{}");
    const res = await syncTable("Slot Machines");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, runId: res.run!.id, message: "Sync of notion_slot_machines started" });
    expect(res.run).toMatchObject({
      ok: true,
      status: "complete",
      message: `Synced ${demo.pages["Slot Machines"]} rows into notion_slot_machines`,
    });
    expect(await env.CACHE.get(await storedKeyOf("cache:content:probe"))).toBeNull();
  });

  it("honours a 429's Retry-After, also mid-sync, and completes", async () => {
    await control("faults", { status: 429, times: 1, path: "/query", retryAfter: 2 });
    const started = Date.now();
    expect((await syncTable("Page Headers")).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(countPaths(await notionStats(), /\/query$/)).toBe(2);

    expect((await syncTable("Posts")).ok).toBe(true);
    // Later syncs read the body of an edited post only: once with a 429 on its first block read, once without.
    const post = (await rows<{ id: string }>("Posts"))[0]!.id;
    await editPage(post, { properties: { Title: { title: [{ type: "text", text: { content: "Edited post" } }] } } });
    const children = async () => countPaths(await notionStats(), /\/children$/);
    const start = await children();
    await control("faults", { status: 429, times: 1, path: "/children", retryAfter: 1 });
    expect((await syncTable("Posts")).ok).toBe(true);
    expect(await rows("Posts")).toHaveLength(demo.pages.Posts!);
    const withFault = (await children()) - start;
    expect((await syncTable("Posts")).ok).toBe(true);
    expect(withFault).toBe((await children()) - start - withFault + 1);
  });

  it("retries a 500 on the data source query (a POST read): once within the step, then the step itself", async () => {
    await control("faults", { status: 500, times: 2, path: "/query" });
    const res = await syncTable("Vintage Toys");
    expect(res.ok).toBe(true);
    expect(await rows("Vintage Toys")).toHaveLength(demo.pages["Vintage Toys"]!);
    expect(countPaths(await notionStats(), /\/query$/)).toBe(3);
  });

  it("ends the run failed with Notion's message on a persistent 500, once the step's retries ran out, and keeps the previous rows", async () => {
    expect((await syncTable("Posts")).ok).toBe(true);
    const before = await rows<{ id: string }>("Posts");
    // The next Sync Data reads the body of the post edited since.
    await editPage(before[0]!.id, { properties: { Title: { title: [{ type: "text", text: { content: "Edited post" } }] } } });
    await control("faults", { status: 500, times: 1000, path: "/children", message: "Notion is having a bad day" });
    const res = await syncTable("Posts");
    expect(res.run).toMatchObject({
      ok: false,
      status: "errored",
      error:
        "Notion was unavailable (500 internal_server_error: Notion is having a bad day), however often it was asked. " +
        "Fix: nothing to do: the nightly sync at 04:00 UTC tries again (or start the sync again in the admin panel once Notion answers).",
    });
    // Two tries within each of the step's five attempts (the engine's retries).
    expect(countPaths(await notionStats(), /\/children$/)).toBeGreaterThanOrEqual(10);
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
    expect(second.body).toEqual({ success: false, message: "A Notion sync is already running; try again when it has finished" });
    const schema = await adminFetch("/api/admin/notion-sync-schemas", { method: "POST" });
    expect(schema.status).toBe(409);
    expect((await first).ok).toBe(true);
    expect((await syncTable("Slot Machines")).ok).toBe(true);
  });

  it("re-reads the page for a fresh URL when a signed file URL has expired", async () => {
    for (const obj of (await env.MEDIA.list({ prefix: "notion/" })).objects) await env.MEDIA.delete(obj.key);
    // The sync's media index is D1's record of copied files: forget them there too, so every file is copied again.
    await env.DB.exec("DELETE FROM media_files");
    // Hold the run on its first block read, expire every URL handed out so far, then let it go on.
    await control("faults", { status: 429, times: 1, path: "/children", retryAfter: 2 });
    const sync = syncTable("Posts");
    await until(async () => countPaths(await notionStats(), /\/children$/) > 0, "the first block read");
    await control("expire-files");
    expect((await sync).ok).toBe(true);
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
      properties: { Title: { type: "title" }, [hostile]: { type: "rich_text" }, 'Price"': { type: "number" }, ID: { type: "rich_text" } },
      pages: [
        { properties: { Title: "Robert'); DROP TABLE notion_posts; --", [hostile]: "<script>alert(1)</script>", 'Price"': 5, ID: "id?" } },
      ],
      replace: true,
    });
    const schema = await syncSchemas();
    expect(schema.tables).toHaveLength(12);
    expect(schema.tables.every((t) => t.status === "created")).toBe(true);
    const names = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 7) = 'notion_' ORDER BY name").all<{
        name: string;
      }>()
    ).results.map((r) => r.name);
    expect(names).toEqual(CONTRACT_DATABASES.map((d) => d.tableName).sort());
    expect((await listTables()).find((t) => t.tableName === "notion_vintage_toys")?.databaseId).toBe(
      "7e57da7a-0000-4000-8000-000000000001",
    );
    expect((await syncTable("Vintage Toys")).ok).toBe(true);
    expect(await rows("Vintage Toys")).toEqual([
      expect.objectContaining({
        title: "Robert'); DROP TABLE notion_posts; --",
        x_drop_table_sync_tables: "<script>alert(1)</script>",
        price: 5,
        id_2: "id?",
      }),
    ]);
    expect((await syncTable("Posts")).ok).toBe(true);
  });

  it("stores every Notion property type per the D1 contract", async () => {
    const { id, dataSourceId } = await (await control("databases", demo.zoo)).json<{ id: string; dataSourceId: string }>();
    const tableName = tableNameFor(demo.zoo.title);
    const columns = columnsFor(Object.fromEntries(Object.entries(demo.zoo.properties).map(([name, p]) => [name, { name, type: p.type }])));
    const entry = {
      tableName,
      databaseTitle: demo.zoo.title,
      databaseId: id,
      dataSourceId,
      columns,
      hasBody: false,
      schemaSyncedAt: null,
      dataSyncedAt: null,
    };
    await env.DB.batch([
      env.DB.prepare(createTableSql(tableName, columns, false)),
      ...replaceRegistry(env.DB, [...(await listEntries(env.DB)), entry]),
    ]);
    const res = await startAndWait("/api/admin/notion-sync-table", { tableName, databaseId: id.replace(/-/g, "") });
    expect(res.ok).toBe(true);
    const [full, empty] = await env.DB.prepare(`SELECT * FROM "${tableName}" ORDER BY ref`)
      .all<Record<string, unknown>>()
      .then((r) => r.results);
    const photos = JSON.parse(full!.photos as string) as string[];
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
    expect(JSON.parse(full!.machine as string)).toHaveLength(1);
    expect(full!.created).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(full!.edited).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(empty).toMatchObject({
      job: "Empty job",
      notes: null,
      hours: null,
      done: 0,
      bench: null,
      tags: null,
      stage: null,
      due: null,
      link: null,
      photos: null,
      restorer: null,
      machine: null,
      ref: "JOB-2",
    });
  });

  it("runs the full sync from the nightly cron trigger", async () => {
    await runCron();
    const run = await env.DB.prepare("SELECT ok, message FROM sync_runs WHERE kind = 'full' ORDER BY id DESC LIMIT 1").first();
    expect(run).toEqual({ ok: 1, message: `Synced 12 of 12 tables, ${Object.values(demo.pages).reduce((a, b) => a + b, 0)} rows` });
  });

  it("reports an unreachable Notion as an upstream failure, not a crash", async () => {
    const failure = await runSchemaSync({ ...env, NOTION_API_URL: "http://127.0.0.1:9" }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(upstreamMessage(failure)).toMatch(
      /^Notion was unavailable \(Could not reach 127\.0\.0\.1:9: .*\), however often it was asked\. Fix: /,
    );
  });
});
