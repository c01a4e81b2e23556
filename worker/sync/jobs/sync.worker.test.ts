import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { get } from "../../test/http";
import { NOTION, control, listTables, rows, startAndWait } from "../../test/notion-sync";
import { propKey, snakeCase } from "../../tables/naming";
import { CONTRACT_DATABASES } from "../mapping/workspace";
import { CATEGORIES } from "#contract/categories";
import { requestRate } from "../../notion/request-rate";

const demo = inject("notionDemo");

describe("Notion sync against the demo workspace", { timeout: 60_000 }, () => {
  let summary: { success: boolean; requests: number; seconds: number; tables: { tableName: string; ok: boolean; rows?: number }[] };

  beforeAll(async () => {
    await control("reset");
    const started = await startAndWait("/api/admin/notion-sync-all", undefined, 110_000);
    expect(started.status).toBe(202);
    // The admin panel's answer (success, message) with the run to follow.
    expect(started.body).toEqual({ success: true, message: "Full sync started", runId: started.run!.id });
    summary = started.run!.result as typeof summary;
    console.log(`full demo sync: ${summary.requests} Notion requests in ${summary.seconds.toFixed(1)} s`);
  }, 120_000);

  it("syncs every contract database and paces its requests at NOTION_REQUESTS_PER_SECOND", async () => {
    expect(summary.success).toBe(true);
    // In the plans' order (by table name), though tables sync two at a time.
    expect(summary.tables.map((t) => t.tableName)).toEqual(CONTRACT_DATABASES.map((d) => d.tableName).sort());
    // `rate` requests/s after a burst of rate - 1: the run cannot be faster than that (Notion's own pace: notion/pace.worker.test.ts).
    const { rate } = requestRate(env.NOTION_REQUESTS_PER_SECOND);
    expect(summary.seconds).toBeGreaterThanOrEqual((summary.requests - (rate - 1)) / rate - 0.5);
  });

  it("creates the 12 tables with a typed column per property, and a _rich column beside each title and rich_text one", async () => {
    for (const db of CONTRACT_DATABASES) {
      const info = (
        await env.DB.prepare("SELECT name, type FROM pragma_table_info(?1)").bind(db.tableName).all<{ name: string; type: string }>()
      ).results;
      const names = info.map((c) => c.name);
      expect(names.slice(0, 3), db.title).toEqual(["id", "created_time", "last_edited_time"]);
      expect(names.includes("body_md"), db.title).toBe(db.hasBody);
      for (const property of demo.properties[db.title]!) expect(names.map(propKey), `${db.title}.${property}`).toContain(propKey(property));
      for (const property of demo.richProperties[db.title]!)
        expect(names, `${db.title}.${property}`).toContain(`${snakeCase(property)}_rich`);
      expect(info.length, db.title).toBe(
        3 + demo.properties[db.title]!.length + demo.richProperties[db.title]!.length + (db.hasBody ? 1 : 0),
      );
    }
    const slots = Object.fromEntries(
      (
        await env.DB.prepare("SELECT name, type FROM pragma_table_info('notion_slot_machines')").all<{ name: string; type: string }>()
      ).results.map((c) => [c.name, c.type]),
    );
    expect(slots).toMatchObject({
      title: "TEXT",
      year: "REAL",
      price: "REAL",
      for_sale: "INTEGER",
      main_image: "TEXT",
      additional_images: "TEXT",
    });
  });

  it("keeps the rich text pieces (text, annotations, href) of the banner and of an item description in their _rich columns", async () => {
    const content = await rows<{ key: string; content: string; content_rich: string; key_rich: string }>("Site Content");
    const banner = content.find((r) => r.key === "banner_message")!;
    const pieces = JSON.parse(banner.content_rich) as {
      text: { content: string; link: { url: string } | null };
      annotations: Record<string, unknown>;
      href: string | null;
    }[];
    expect(pieces.map((p) => p.text.content).join("")).toBe(banner.content);
    expect(pieces.find((p) => p.annotations.bold)).toMatchObject({
      text: { content: "a 1933 Mills Castle Front", link: null },
      href: null,
    });
    expect(pieces.find((p) => p.href)).toEqual({
      text: { content: "restored machines are for sale", link: { url: "/for-sale" } },
      annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
      href: "/for-sale",
    });
    expect(JSON.parse(banner.key_rich)).toEqual([
      { text: { content: "banner_message", link: null }, annotations: expect.objectContaining({ bold: false }), href: null },
    ]);
    const castle = (await rows<{ title: string; description_rich: string }>("Slot Machines")).find(
      (r) => r.title === "Mills Castle Front 5¢",
    )!;
    const styled = (
      JSON.parse(castle.description_rich) as { text: { content: string }; annotations: { bold: boolean; italic: boolean } }[]
    ).filter((p) => p.annotations.bold || p.annotations.italic);
    expect(styled.map((p) => [p.text.content, p.annotations.bold, p.annotations.italic])).toEqual([
      ["original castle casting", true, false],
      ["exactly", false, true],
    ]);
  });

  it("serves the synced pieces: the banner's link and bold words, the item description's bold and italic words", async () => {
    const banner = (
      await get<{ richText: { plain_text: string; href: string | null; annotations: { bold: boolean } }[] }>("/api/content/banner_message")
    ).body;
    expect(banner.richText.filter((p) => p.href).map((p) => [p.plain_text, p.href])).toEqual([
      ["restored machines are for sale", "/for-sale"],
    ]);
    expect(banner.richText.filter((p) => p.annotations.bold).map((p) => p.plain_text)).toEqual(["a 1933 Mills Castle Front"]);
    const castle = (await rows<{ id: string; title: string }>("Slot Machines")).find((r) => r.title === "Mills Castle Front 5¢")!;
    const item = (
      await get<{ description: string; descriptionRichText: { plain_text: string; annotations: { bold: boolean; italic: boolean } }[] }>(
        `/api/collection/slots/${castle.id}`,
      )
    ).body;
    expect(item.descriptionRichText.map((p) => p.plain_text).join("")).toBe(item.description);
    expect(item.descriptionRichText.filter((p) => p.annotations.italic).map((p) => p.plain_text)).toEqual(["exactly"]);
  });

  it("indexes each catalogue table for its listings' sorts (the for-sale view's holding only for-sale rows), and no other table", async () => {
    const indexes = async (table: string) =>
      (
        await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?1 AND sql IS NOT NULL ORDER BY name")
          .bind(table)
          .all<{ name: string; sql: string }>()
      ).results;
    const slots = await indexes("notion_slot_machines");
    expect(slots.map((i) => i.name.replace("notion_slot_machines__", ""))).toEqual([
      "for_sale_name_asc",
      "for_sale_name_desc",
      "for_sale_price_asc",
      "for_sale_price_desc",
      "for_sale_year_asc",
      "for_sale_year_desc",
      "sort_name_asc",
      "sort_name_desc",
      "sort_year_asc",
      "sort_year_desc",
    ]);
    expect(slots.find((i) => i.name.endsWith("for_sale_price_desc"))!.sql).toMatch(
      /\("price" IS NULL, "price" DESC, id\) WHERE "for_sale" = 1$/,
    );
    for (const db of CONTRACT_DATABASES) {
      const catalogue = CATEGORIES.some((c) => c.database === db.title);
      expect((await indexes(db.tableName)).length, db.title).toBe(catalogue ? 10 : 0);
    }
  });

  it("row counts match the demo workspace and the tables list reports them", async () => {
    const tables = await listTables();
    for (const db of CONTRACT_DATABASES) {
      expect((await rows(db.title)).length, db.title).toBe(demo.pages[db.title]);
      expect(tables.find((t) => t.tableName === db.tableName)).toMatchObject({
        recordCount: demo.pages[db.title],
        databaseTitle: db.title,
      });
    }
  });

  it("stores post bodies as Markdown (toggles, columns, videos, bookmarks and callouts as the site's directives) and leaves an empty body NULL", async () => {
    const posts = await rows<{ title: string; body_md: string | null; content: string | null }>("Posts");
    const welcome = posts.find((p) => p.title === "Welcome to the workshop")!;
    expect(welcome.body_md).toContain("# Preserving gambling history one machine at a time");
    expect(welcome.body_md).toContain("For more than thirty years we have restored **antique slot machines**, trade stimulators");
    expect(welcome.body_md).toMatch(
      /\n- Full mechanical and cosmetic restorations\n {2}- Cabinet refinishing in period-correct stains\n {2}- Replating and casting repair\n/,
    );
    expect(welcome.body_md).toContain("[our services](/services)");
    expect(welcome.body_md).toMatch(
      /!\[A 1933 Mills Castle Front after restoration\]\(\/media\/notion\/[0-9a-f-]+\/slot-castle-front\.png "A 1933 Mills Castle Front after restoration"\)/,
    );
    const restoration = posts.find((p) => p.title === "Restoration")!;
    expect(restoration.body_md).toContain(":::toggle Do you restore machines that are not coin-operated?\n\nJukeboxes and scales");
    expect(restoration.body_md).toMatch(
      /^::::columns\n\n:::column\n\n### You bring\n\n.+\n\n:::\n\n:::column\n\n### You get back\n\n.+\n\n:::\n\n::::$/m,
    );
    const show = posts.find((p) => p.title === "Spring show season")!;
    expect(show.body_md).toContain("::video https://www.youtube.com/watch?v=aqz-KE-bpKQ Last year's show floor");
    expect(show.body_md).toContain("::bookmark https://chicagoland-show.example/ The Chicagoland Show's own site");
    expect(show.body_md).toContain(":::callout yellow_background 📅\n\nDoors open at **9 a.m.** both days.\n\n:::");
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
    const url = (JSON.parse(slot!.main_image) as string[])[0]!;
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

  it("syncs two tables at a time: each table's run starts while at most one other is running", async () => {
    const runs = (
      await env.DB.prepare(
        "SELECT started_at, finished_at FROM sync_runs WHERE kind = 'table' AND id > (SELECT MAX(id) FROM sync_runs WHERE kind = 'full') ORDER BY id",
      ).all<{ started_at: string; finished_at: string }>()
    ).results;
    expect(runs).toHaveLength(CONTRACT_DATABASES.length);
    const runningAt = (start: string) => runs.filter((r) => r.started_at < start && r.finished_at > start).length;
    expect(Math.max(...runs.map((r) => runningAt(r.started_at)))).toBe(1);
  });

  it("records the runs in sync_runs", async () => {
    const runs = (
      await env.DB.prepare("SELECT kind, target, ok, message FROM sync_runs WHERE kind IN ('schema', 'table', 'full') ORDER BY id").all()
    ).results;
    expect(runs.filter((r) => r.kind === "table" && r.ok === 1)).toHaveLength(12);
    expect(runs).toContainEqual({
      kind: "table",
      target: "notion_slot_machines",
      ok: 1,
      message: `Synced ${demo.pages["Slot Machines"]} rows into notion_slot_machines`,
    });
    expect(runs.filter((r) => r.kind === "full")).toEqual([
      {
        kind: "full",
        target: null,
        ok: 1,
        message: `Synced 12 of 12 tables, ${Object.values(demo.pages).reduce((a, b) => a + b, 0)} rows`,
      },
    ]);
  });
});
