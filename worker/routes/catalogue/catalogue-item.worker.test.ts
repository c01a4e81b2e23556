import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { CATEGORIES } from "#contract/categories";
import worker from "../../index";
import { quoteIdent, tableNameFor } from "../../tables/naming";
import { json, richJson, type Row, seedCategory } from "../../test/fixtures";
import { admin, freshCache, get } from "../../test/http";

const MISSING = "0badf00d-0000-4000-8000-000000000000";

const piece = (plain_text: string, on: Record<string, boolean> = {}, href: string | null = null) => ({
  type: "text",
  plain_text,
  href,
  annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default", ...on },
});
let slot: Row;
let toy: Row;

/** Requests `path` with caching off (nothing counted) through a D1 binding recording the queries it runs, table column reads left out. */
async function lookups(path: string): Promise<{ status: number; statements: string[]; batches: number }> {
  await admin("POST", "/api/admin/cache/disable");
  const statements: string[] = [];
  let batches = 0;
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          if (!sql.includes("pragma_table_info")) statements.push(sql);
          return target.prepare(sql);
        };
      }
      if (prop === "batch") batches++;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`), { ...env, DB: db }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, statements, batches };
}

beforeEach(async () => {
  await freshCache();
  [slot] = await seedCategory("slots", [
    {
      title: "Mills Liberty Bell",
      description: "Three-reel bell",
      description_rich: richJson(["Three-reel "], ["bell", { bold: true }]),
      manufacturer: "Mills",
      year: 1931,
      main_image: "https://cdn.example.com/bell.jpg",
      additional_images: json(["/media/notion/x/1.jpg"]),
      for_sale: 1,
      price: 4500,
      condition: "Restored",
      denomination: "5¢",
      serial_number: "SN-1",
      cabinet_type: "Oak",
      mechanism_type: null,
    },
  ]);
  [toy] = await seedCategory("toys", [{ title: "Tin Robot", toy_type: "Wind-up", age_range: "8+", for_sale: 0 }]);
});

describe("GET /api/collection/:category/:id", () => {
  it("returns the item with every common and category field", async () => {
    const res = await get(`/api/collection/slots/${slot.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=UTF-8");
    expect(res.body).toEqual({
      id: slot.id,
      category: "slots",
      title: "Mills Liberty Bell",
      description: "Three-reel bell",
      descriptionRichText: [piece("Three-reel "), piece("bell", { bold: true })],
      manufacturer: "Mills",
      year: 1931,
      mainImageUrl: "https://cdn.example.com/bell.jpg",
      additionalImageUrls: ["/media/notion/x/1.jpg"],
      forSale: true,
      price: 4500,
      condition: "Restored",
      denomination: "5¢",
      serialNumber: "SN-1",
      cabinetType: "Oak",
      mechanismType: null,
      longDescription: null,
    });
  });

  it("accepts the id without dashes and in upper case", async () => {
    const bare = String(slot.id).replace(/-/g, "").toUpperCase();
    const res = await get(`/api/collection/slots/${bare}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(slot.id);
  });

  it("gives each category its own fields", async () => {
    const res = await get(`/api/collection/toys/${toy.id}`);
    expect(res.body).toMatchObject({
      category: "toys",
      toyType: "Wind-up",
      ageRange: "8+",
      forSale: false,
      price: null,
      additionalImageUrls: [],
    });
    expect(Object.keys(res.body)).not.toContain("denomination");
  });

  it("hands out the description's rich text pieces (plain_text, annotations, safe links), in listings too", async () => {
    const [rich, broken, bare] = await seedCategory("arcades", [
      {
        title: "Mutoscope",
        description: "A rare reel, see the sale or this",
        description_rich: richJson(
          ["A "],
          ["rare", { bold: true }],
          [" "],
          ["reel", { italic: true, color: "brown" }],
          [", see "],
          ["the sale", {}, "/for-sale"],
          [" or "],
          ["this", { strikethrough: true }, "javascript:alert(1)"],
        ),
        for_sale: 0,
      },
      { title: "Broken", description: "Kept as text", description_rich: "not json at all", for_sale: 0 },
      { title: "Bare", description: null, description_rich: null, for_sale: 0 },
    ]);
    const item = await get(`/api/collection/arcades/${rich.id}`);
    expect(item.status).toBe(200);
    expect(item.body.description).toBe("A rare reel, see the sale or this");
    expect(item.body.descriptionRichText).toEqual([
      piece("A "),
      piece("rare", { bold: true }),
      piece(" "),
      { ...piece("reel", { italic: true }), annotations: { ...piece("").annotations, italic: true, color: "brown" } },
      piece(", see "),
      piece("the sale", {}, "/for-sale"),
      piece(" or "),
      piece("this", { strikethrough: true }),
    ]);
    expect((await get(`/api/collection/arcades/${broken.id}`)).body.descriptionRichText).toEqual([piece("Kept as text")]);
    expect((await get(`/api/collection/arcades/${bare.id}`)).body.descriptionRichText).toEqual([]);
    const listing = await get("/api/collection/arcades?limit=100&sort=name_desc");
    expect(listing.status).toBe(200);
    expect(listing.body.items.find((i: { id: string }) => i.id === rich.id).descriptionRichText).toEqual(item.body.descriptionRichText);
  });

  it("answers an id of another category with that item and its own category, cached like other reads", async () => {
    const own = await get(`/api/collection/toys/${toy.id}`);
    const asSlot = await get(`/api/collection/slots/${toy.id}`);
    expect(asSlot.status).toBe(200);
    expect(asSlot.headers.get("X-Cache")).toBe("MISS");
    expect(asSlot.body).toEqual(own.body);
    expect(asSlot.body.category).toBe("toys");
    expect((await get(`/api/collection/slots/${toy.id}`)).headers.get("X-Cache")).toBe("HIT");
  });

  it("answers 404 for an id in no category", async () => {
    const res = await get(`/api/collection/slots/${MISSING}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Item not found: slots/${MISSING}` });
  });

  it("skips the categories not synced yet when looking elsewhere", async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'notion_%' ORDER BY name").all<{
      name: string;
    }>();
    expect(tables.results.map((t) => t.name)).toEqual(expect.arrayContaining(["notion_slot_machines", "notion_vintage_toys"]));
    expect(tables.results.map((t) => t.name)).not.toContain("notion_machine_parts");
    expect((await get(`/api/collection/slots/${MISSING}`)).status).toBe(404);
    expect((await get(`/api/collection/toys/${slot.id}`)).body).toMatchObject({ id: slot.id, category: "slots" });
  });

  it("looks only in its own table when the item is there, else once in each other synced table by primary key, in one batch", async () => {
    for (const c of CATEGORIES.filter((c) => c.id !== "slots" && c.id !== "toys"))
      await seedCategory(c.id, [{ title: `A ${c.name} item` }]);
    const own = await lookups(`/api/collection/slots/${slot.id}`);
    expect(own.status).toBe(200);
    expect(own.statements).toEqual([`SELECT * FROM "notion_slot_machines" WHERE id = ?1`]);
    expect(own.batches).toBe(0);
    const elsewhere = await lookups(`/api/collection/arcades/${toy.id}`);
    expect(elsewhere.status).toBe(200);
    const others = CATEGORIES.filter((c) => c.id !== "arcades").map(
      (c) => `SELECT * FROM ${quoteIdent(tableNameFor(c.database))} WHERE id = ?1`,
    );
    expect(elsewhere.statements).toEqual([`SELECT * FROM "notion_arcade_machines" WHERE id = ?1`, ...others]);
    expect(elsewhere.batches).toBe(1);
    for (const sql of elsewhere.statements) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(toy.id).all<{ detail: string }>();
      expect(plan.results.map((r) => r.detail).join(" ")).toMatch(/^SEARCH .+ USING INDEX sqlite_autoindex_\w+ \(id=\?\)$/);
    }
  });

  it("answers 404 for an unknown category", async () => {
    const res = await get(`/api/collection/pinball/${slot.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Unknown category: pinball" });
  });

  it.each(["123", "not-a-notion-id", `${"a".repeat(31)}g`, "b".repeat(33), "01234567-89ab-cdef-0123-456789abcdef-"])(
    "answers 400 for the malformed id %s",
    async (id) => {
      const res = await get(`/api/collection/slots/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Invalid id: must be a Notion page id (32 hex digits, dashes optional)" });
    },
  );
});
