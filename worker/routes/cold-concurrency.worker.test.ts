import { createExecutionContext, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CATEGORY_IDS, type CategoryId } from "#contract/categories";
import worker from "../index";
import { type D1Trouble, troubledD1 } from "../test/d1-faults";
import { type Row, seedCategory, seedContent } from "../test/fixtures";
import { freshCache } from "../test/http";

/** Items seeded per category: 7 x 10 rows, so 64 requests can all ask for different things. */
const PER_CATEGORY = 10;
const LISTING_LIMIT = 2;

const seeded = new Map<CategoryId, Row[]>();

beforeAll(async () => {
  for (const category of CATEGORY_IDS) {
    const rows = Array.from({ length: PER_CATEGORY }, (_, i) => ({
      title: `${category} item ${String(i).padStart(2, "0")}`,
      year: 1900 + i,
      for_sale: i % 2,
    }));
    seeded.set(category, await seedCategory(category, rows));
  }
  await seedContent("Site Content", [{ key: "banner_message", type: "rich_text", content: "Hello" }]);
  await seedContent("Images", [{ key: "background-texture", image: JSON.stringify(["/media/notion/t/texture.png"]) }]);
  await seedContent("Page Descriptions", [{ section: "navigation", description: "Browse" }]);
  await seedContent("Page Headers", [{ page_id: "slots", title: "Slots", icon_type: "gallery" }]);
  await seedContent("Posts", [{ title: "News", section: "news", display_order: 1 }]);
});

beforeEach(async () => {
  await freshCache();
});

/** A request and the check its answer must pass. */
type Probe = { path: string; check: (body: any) => void };

/** One item request per seeded row until `count`, round-robin over the categories, each checked against its row. */
function itemProbes(count: number): Probe[] {
  const probes: Probe[] = [];
  for (let i = 0; probes.length < count; i++) {
    const category = CATEGORY_IDS[i % CATEGORY_IDS.length]!;
    const row = seeded.get(category)![Math.floor(i / CATEGORY_IDS.length)]!;
    probes.push({
      path: `/api/collection/${category}/${row.id}`,
      check: (body) => expect(body).toMatchObject({ id: row.id, category, title: row.title }),
    });
  }
  return probes;
}

/** Listing pages of every category and view, each checked for the titles that page must hold (sorted by name). */
function listingProbes(count: number): Probe[] {
  const views = ["", "/gallery", "/for-sale"] as const;
  const probes: Probe[] = [];
  for (let i = 0; probes.length < count; i++) {
    const category = CATEGORY_IDS[i % CATEGORY_IDS.length]!;
    const view = views[i % views.length];
    const page = 1 + (i % 3);
    const rows = seeded.get(category)!.filter((row) => view !== "/for-sale" || row.for_sale === 1);
    const titles = rows
      .map((row) => String(row.title))
      .sort()
      .slice((page - 1) * LISTING_LIMIT, page * LISTING_LIMIT);
    probes.push({
      path: `/api/collection/${category}${view}?page=${page}&limit=${LISTING_LIMIT}`,
      check: (body) => {
        expect(body.items.map((item: { title: string }) => item.title)).toEqual(titles);
        expect(body.total).toBe(rows.length);
      },
    });
  }
  return probes;
}

/** Sends every probe at once, as cold visitors would, and returns status, X-Cache and body of each. */
async function sendAtOnce(probes: Probe[]) {
  return Promise.all(
    probes.map(async ({ path }) => {
      const res = await exports.default.fetch(`http://localhost${path}`);
      const text = await res.text();
      return { path, status: res.status, cache: res.headers.get("X-Cache"), text };
    }),
  );
}

/** Expects every answer to be 200 with the body its probe requires. */
function expectAllCorrect(probes: Probe[], answers: Awaited<ReturnType<typeof sendAtOnce>>): void {
  expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.path} ${a.text}`)).toEqual([]);
  answers.forEach((answer, i) => probes[i]!.check(JSON.parse(answer.text)));
}

describe("concurrent cold requests", { timeout: 60_000 }, () => {
  it("64 requests for distinct items and listing pages right after a cache clear all answer 200 with their own data", async () => {
    const probes = [...itemProbes(44), ...listingProbes(20)];
    expect(new Set(probes.map((p) => p.path)).size).toBe(64);
    const answers = await sendAtOnce(probes);
    expectAllCorrect(probes, answers);
    expect(answers.every((a) => a.cache === "MISS")).toBe(true);
  });

  it("every public endpoint asked at once after a cache clear answers 200, then again from the cache", async () => {
    const content: Probe[] = [
      { path: "/api/content/banner_message", check: (body) => expect(body.content).toBe("Hello") },
      { path: "/api/images/background-texture", check: (body) => expect(body.imageUrl).toBe("/media/notion/t/texture.png") },
      { path: "/api/page-description/navigation", check: (body) => expect(body.description).toBe("Browse") },
      { path: "/api/page-headers/slots", check: (body) => expect(body.title).toBe("Slots") },
      { path: "/api/posts/section/news", check: (body) => expect(body.map((p: { title: string }) => p.title)).toEqual(["News"]) },
    ];
    const probes = [...content, ...itemProbes(30), ...listingProbes(29)];
    expectAllCorrect(probes, await sendAtOnce(probes));
    const again = await sendAtOnce(probes);
    expectAllCorrect(probes, again);
    expect(again.every((a) => a.cache === "HIT")).toBe(true);
  });

  it.each<[string, D1Trouble]>([
    ["never answers", { kind: "stalled" }],
    ["fails after 200 ms", { kind: "fails-later", ms: 200 }],
  ])("requests arriving while the first cold request's D1 read %s do not share it: all 64 answer 200", async (_what, trouble) => {
    // The first request reads through a D1 in trouble and so would be the one to fill any memo of pending reads.
    const first = worker.fetch(
      new Request(`http://localhost/api/collection/slots/${seeded.get("slots")![0]!.id}`),
      { ...env, DB: troubledD1(trouble) },
      createExecutionContext(),
    );
    const probes = [...itemProbes(44), ...listingProbes(20)];
    const answers = await Promise.race([
      sendAtOnce(probes),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the requests waited on the first request's D1 read")), 10_000)),
    ]);
    expectAllCorrect(probes, answers);
    if (trouble.kind === "fails-later") expect((await first).status).toBe(503);
  });
});
