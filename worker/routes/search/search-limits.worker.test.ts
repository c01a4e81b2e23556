import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../index";
import { seedCategory } from "../../test/fixtures";
import { troubledD1 } from "../../test/d1-faults";
import { freshCache, get } from "../../test/http";
import { indexCategory } from "../../test/search-index";

type Body = { query: string; ignoredTerms: string[]; items: { title: string }[]; total: number; pagination: unknown };

const search = (raw: string) => get<Body>(`/api/search?${raw}`);
const titles = async (raw: string) => (await search(raw)).body.items.map((i) => i.title);

beforeEach(async () => {
  await freshCache();
  await seedCategory("slots", [
    { title: "Mills Castle Front", manufacturer: "Mills", year: 1933, for_sale: 1, price: 4500, description: "Cast front." },
    { title: "Model C Bell", manufacturer: "Caille", year: 1910, for_sale: 0, description: "Upright." },
    { title: "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa", manufacturer: "Greek", year: 1920, for_sale: 0 },
  ]);
  await indexCategory("slots");
});

describe("GET /api/search with hostile bytes", () => {
  it("answers 400 with a JSON error when q is not UTF-8 once percent-decoded (lone surrogates, stray bytes, cut sequences)", async () => {
    for (const raw of ["%ED%A0%80", "mills%ED%B0%80", "%FF", "%C0%80", "castle%E2%82", "%F4%90%80%80", "%F0%9F%98"]) {
      const res = await search(`q=${raw}`);
      expect([raw, res.status, res.body]).toEqual([raw, 400, { error: "Invalid q: must be UTF-8 text" }]);
    }
    // Percent signs that encode nothing stay text, as browsers send them.
    expect((await search("q=100%")).status).toBe(200);
    expect((await search("q=%25ED%25A0%2580")).body.query).toBe("%ed%a0%80");
  });

  it("reads control characters (NUL, C0, DEL, C1) as spaces", async () => {
    const res = await search("q=mills%00castle");
    expect(res.status).toBe(200);
    expect(res.body.query).toBe("mills castle");
    expect(res.body.items.map((i) => i.title)).toEqual(["Mills Castle Front"]);
    expect((await search("q=a%00b")).status).toBe(200);
    expect((await search("q=castle%01%1F%7F%C2%85%C2%9F")).body.query).toBe("castle");
    expect((await search("q=%00%01%09%7F")).body).toEqual({ error: "Invalid q: must not be blank" });
  });
});

describe("GET /api/search costs", () => {
  it("counts a repeated word once, however it is cased or accented", async () => {
    const res = await search("q=CASTLE%20castle%20Castlé%20Mills%20castle");
    expect(res.body.query).toBe("castle mills");
    expect(res.body.items.map((i) => i.title)).toEqual(["Mills Castle Front"]);
  });

  it("uses ten terms and names the words left out in ignoredTerms, which then do not narrow the results", async () => {
    const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa omega nowhere";
    const res = await search(`q=${encodeURIComponent(words)}`);
    expect(res.body.query).toBe("alpha beta gamma delta epsilon zeta eta theta iota kappa");
    expect(res.body.ignoredTerms).toEqual(["omega", "nowhere"]);
    expect(res.body.items.map((i) => i.title)).toEqual(["Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa"]);
    expect(await titles("q=alpha%20nowhere")).toEqual([]);
  });

  it("matches a one-character word as a whole word only, two characters and more as a prefix", async () => {
    expect(await titles("q=c")).toEqual(["Model C Bell"]);
    expect(await titles("q=ca")).toEqual(["Mills Castle Front", "Model C Bell"]);
    expect(await titles("q=m")).toEqual([]);
  });

  it("answers a page past the last from the search's cached first page, asking D1 nothing", async () => {
    const first = await search("q=front&limit=1");
    expect(first.body.total).toBe(1);
    const asked: string[] = [];
    const ctx = createExecutionContext();
    const down = { ...env, DB: troubledD1({ kind: "down" }, asked) };
    const res = await worker.fetch(new Request("http://localhost/api/search?q=FRONT&limit=1&page=900000"), down, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      query: "front",
      ignoredTerms: [],
      items: [],
      total: 1,
      pagination: { page: 900000, limit: 1, totalPages: 1, totalItems: 1 },
    });
    expect(asked.filter((sql) => sql.includes("search_index"))).toEqual([]);
  });

  it("never stores a page past the last in KV, cached first page or not, so free page numbers cost no KV write", async () => {
    const keysBefore = (await env.CACHE.list()).keys.length;
    for (const page of [2, 9, 1_000_000]) {
      const past = await search(`q=nowhere-at-all&page=${page}`);
      expect([past.status, past.headers.get("x-cache"), past.body.total]).toEqual([200, "BYPASS", 0]);
    }
    expect((await env.CACHE.list()).keys.length).toBe(keysBefore);
    expect((await search("q=castle&limit=1")).headers.get("x-cache")).toBe("MISS");
    const stored = (await env.CACHE.list()).keys.length;
    for (const page of [2, 3, 2]) expect((await search(`q=castle&limit=1&page=${page}`)).headers.get("x-cache")).toBe("BYPASS");
    expect((await env.CACHE.list()).keys.length).toBe(stored);
  });

  it("answers a page past the last of a search not cached yet with its total, from one query", async () => {
    const asked: string[] = [];
    const db = env.DB;
    const counting = { ...env, DB: Object.assign(Object.create(db), { prepare: (sql: string) => (asked.push(sql), db.prepare(sql)) }) };
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("http://localhost/api/search?q=castle&page=7&limit=1"), counting, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ items: [], total: 1, pagination: { page: 7, limit: 1, totalPages: 1, totalItems: 1 } });
    expect(asked.filter((sql) => sql.includes("search_index"))).toHaveLength(1);
  });
});
