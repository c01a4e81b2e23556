import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { NotionCheckSchema, type NotionCheck } from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import { layoutDatabase, NOTION_LAYOUT } from "#contract/notion-layout";
import { adminFetch } from "../test/admin";
import { control } from "../test/notion-sync";

/** The Slot Machines database's properties as the layout has them, with `changes` made (a `null` drops one). */
function slotProperties(changes: Record<string, { type: string } | null>) {
  const properties: Record<string, { type: string } | null> = Object.fromEntries(
    layoutDatabase("Slot Machines")!.properties.map((p) => [p.name, { type: p.types[0] }]),
  );
  for (const [name, change] of Object.entries(changes)) properties[name] = change;
  return Object.fromEntries(Object.entries(properties).filter(([, p]) => p !== null));
}

async function check(): Promise<NotionCheck> {
  const res = await adminFetch(ADMIN_PATHS.notionCheck);
  expect(res.status).toBe(200);
  return NotionCheckSchema.parse(await res.json());
}

afterEach(() => control("reset"));

describe("GET /api/admin/notion-check", () => {
  it("finds every database and property of the demo workspace in order", async () => {
    const answer = await check();
    expect(answer).toEqual({
      ok: true,
      findings: [],
      recommendations: [],
      databases: NOTION_LAYOUT.map((db) => ({ title: db.title, foundBy: "search", databaseId: expect.any(String) })),
      parentPageId: null,
      checkedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(answer.checkedAt)).toBeLessThan(60_000);
  });

  it("names a missing property, one of the wrong type and a database sharing its title, each with its fix", async () => {
    await control("databases", {
      title: "Slot Machines",
      properties: slotProperties({ Denomination: { type: "number" }, Price: null }),
      pages: [],
      replace: true,
    });
    await control("databases", { title: "posts", properties: { Title: { type: "title" } }, pages: [] });
    const answer = await check();
    expect(answer.ok).toBe(false);
    expect(answer.findings).toEqual([
      {
        database: "Slot Machines",
        property: "Price",
        problem: "property Price is missing",
        fix: "Add a Number property named Price (npm run notion:setup adds it).",
      },
      {
        database: "Slot Machines",
        property: "Denomination",
        problem: "property Denomination is a number, expected select or text",
        fix: "Change its type to Select (or Text) in Notion.",
      },
      {
        database: "Posts",
        problem: expect.stringMatching(/^2 databases shared with the integration have this title \(ids [0-9a-f-]{36}, [0-9a-f-]{36}\)$/),
        fix: "Rename, delete or stop sharing all but one: until then the sync leaves this table as it was.",
      },
    ]);
  });

  it("recommends Published and Hold Changes for a database without them, the workspace still in order", async () => {
    await control("databases", {
      title: "Vintage Toys",
      properties: Object.fromEntries(
        layoutDatabase("Vintage Toys")!
          .properties.filter((p) => !p.recommended)
          .map((p) => [p.name, { type: p.types[0] }]),
      ),
      pages: [],
      replace: true,
    });
    const answer = await check();
    expect(answer.ok).toBe(true);
    expect(answer.findings).toEqual([]);
    expect(answer.recommendations.map((r) => [r.database, r.property])).toEqual([
      ["Vintage Toys", "Published"],
      ["Vintage Toys", "Hold Changes"],
    ]);
  });

  it("answers 502 with Notion's message when Notion refuses the token, and 401 to a visitor", async () => {
    await control("faults", { status: 401, path: "/v1/search", message: "API token is invalid." });
    const res = await adminFetch(ADMIN_PATHS.notionCheck);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Notion refused the integration's token \(401 unauthorized: API token is invalid\): the token is wrong or was revoked\. Fix: /,
    );
    const visitor = await exports.default.fetch(`http://localhost${ADMIN_PATHS.notionCheck}`);
    expect(visitor.status).toBe(401);
  });
});
