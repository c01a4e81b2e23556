import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { seedCategory } from "../../test/fixtures";
import { freshCache, get } from "../../test/http";
import { indexCategory } from "../../test/search-index";
import { quoteIdent, tableNameFor } from "../../tables/naming";

type Body = { items: { title: string; manufacturer: string }[]; total: number };

const ITEMS = 10_000;
const LONG =
  "Restored by a collector in the nineteen eighties with new decals, a rebuilt mechanism, fresh paint on the cabinet, new glass and a replated front casting";

/**
 * 10,000 slot machines written with one SQL statement, then indexed by the sync's own statements: 40 trade bells
 * numbered (1) to (40) with long descriptions, 300 unnumbered ones from 1919 with short rows, 60 Caille Brothers
 * machines with long descriptions, 600 of other makers whose short descriptions name Caille three times, the rest filler.
 */
async function seedTenThousand(): Promise<void> {
  await seedCategory("slots", []);
  const table = quoteIdent(tableNameFor("Slot Machines"));
  await env.DB.prepare(
    `INSERT INTO ${table} (id, title, manufacturer, year, description, for_sale) ` +
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1) ` +
      "SELECT printf('00000000-0000-4000-8000-%012x', i), " +
      "CASE WHEN i <= 40 THEN 'Garden City Novelty Trade Bell (' || i || ')' WHEN i <= 340 THEN 'Garden City Novelty Trade Bell' " +
      "WHEN i <= 400 THEN 'Upright Floor Model ' || i WHEN i <= 1000 THEN 'Counter Wheel ' || i ELSE 'Slot Machine No. ' || i END, " +
      "CASE WHEN i <= 340 THEN 'Garden City Novelty' WHEN i <= 400 THEN 'Caille Brothers' WHEN i <= 1000 THEN 'Mills Novelty' " +
      "ELSE char(65 + i % 5) || 'cme Works' END, " +
      "CASE WHEN i <= 40 THEN 1890 + i WHEN i <= 340 THEN 1919 WHEN i <= 1000 THEN 1905 ELSE 1895 + i % 70 END, " +
      "CASE WHEN i <= 40 OR (i > 340 AND i <= 400) THEN ?2 WHEN i <= 340 THEN NULL WHEN i <= 1000 THEN 'Caille style, Caille wheel, Caille.' " +
      "ELSE 'Generated item ' || i || ' with its original finish.' END, i % 2 FROM n",
  )
    .bind(ITEMS, LONG)
    .run();
  await indexCategory("slots");
}

const search = (params: Record<string, string>) => get<Body>(`/api/search?${new URLSearchParams(params)}`);

beforeAll(async () => {
  await freshCache();
  await seedTenThousand();
  expect((await env.DB.prepare("SELECT count(*) AS n FROM search_index").first<{ n: number }>())?.n).toBe(ITEMS);
});

describe("search ranking at 10,000 items", () => {
  it("puts a title typed in full first among 40 numbered titles and 300 alike from 1919", async () => {
    for (const q of ["Garden City Novelty Trade Bell (19)", "garden city novelty trade bell 19"]) {
      const { body } = await search({ q });
      expect(body.items[0]!.title, q).toBe("Garden City Novelty Trade Bell (19)");
    }
    const { body } = await search({ q: "Garden City Novelty Trade Bell (7)" });
    expect(body.items[0]!.title).toBe("Garden City Novelty Trade Bell (7)");
  });

  it("ranks a maker's 60 items above 600 items that only name the maker in their description", async () => {
    const first = await search({ q: "caille", limit: "50" });
    const second = await search({ q: "caille", limit: "50", page: "2" });
    expect(first.body.total).toBe(660);
    const makers = [...first.body.items, ...second.body.items].map((i) => i.manufacturer);
    expect(makers.slice(0, 60)).toEqual(Array(60).fill("Caille Brothers"));
    expect(makers.slice(60)).toEqual(Array(40).fill("Mills Novelty"));
  });
});
