import { NOTION_VERSION } from "#contract/notion";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { freshCache, get } from "../../test/http";
import { NOTION, control, rows, syncSchemas, syncTable } from "../../test/notion-sync";
import { NOTION_TEST_TOKEN } from "../../test/notion-test-server";

type Body = { items: { id: string; title: string; category: string }[]; total: number };
const search = async (q: string) => (await get<Body>(`/api/search?${new URLSearchParams({ q, limit: "50" })}`)).body;
const titles = async (q: string) => (await search(q)).items.map((i) => i.title);
const indexed = async (category: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM search_index WHERE category = ?1").bind(category).first<{ n: number }>())!.n;

async function patchPage(id: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${NOTION}/v1/pages/${id}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${NOTION_TEST_TOKEN}`, "Notion-Version": NOTION_VERSION, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function syncSlots(): Promise<void> {
  expect((await syncTable("Slot Machines")).ok).toBe(true);
}

describe("the search index follows every sync", { timeout: 120_000 }, () => {
  let watlingId: string;

  beforeAll(async () => {
    await control("reset");
    await freshCache();
    await syncSchemas();
    await syncSlots();
    expect((await syncTable("Machine Parts")).ok).toBe(true);
    watlingId = (await rows<{ id: string; title: string }>("Slot Machines")).find((r) => r.title === "Watling Rol-a-Top 5¢")!.id;
  }, 120_000);

  it("indexes every row a table sync swaps in, and only that category's", async () => {
    expect(await indexed("slots")).toBe((await rows("Slot Machines")).length);
    expect(await indexed("parts")).toBe((await rows("Machine Parts")).length);
    expect(await indexed("arcades")).toBe(0);
    expect((await search("watling rol")).items.map((i) => [i.category, i.title])).toEqual([
      ["slots", "Watling Rol-a-Top 5¢"],
      ["parts", "Watling Coin Escalator"],
    ]);
    expect((await search("watling rol")).items[0]!.id).toBe(watlingId);
    expect(await titles("mills castle front")).toContain("Mills Castle Front 5¢");
  });

  it("shows an edit after the next sync (the sync purges cached searches)", async () => {
    expect(await titles("watling")).toContain("Watling Rol-a-Top 5¢");
    await patchPage(watlingId, { properties: { Title: { title: [{ type: "text", text: { content: "Watling Bird of Paradise 5¢" } }] } } });
    await syncSlots();
    expect(await titles("paradise")).toEqual(["Watling Bird of Paradise 5¢"]);
    expect(await titles("watling")).not.toContain("Watling Rol-a-Top 5¢");
  });

  it("drops a deleted page and indexes it again when it comes back", async () => {
    const before = await indexed("slots");
    await patchPage(watlingId, { in_trash: true });
    await syncSlots();
    expect(await titles("paradise")).toEqual([]);
    expect(await indexed("slots")).toBe(before - 1);
    await patchPage(watlingId, { in_trash: false });
    await syncSlots();
    expect(await titles("paradise")).toEqual(["Watling Bird of Paradise 5¢"]);
    expect(await indexed("slots")).toBe(before);
  });

  it("keeps the old entries when a sync fails, like the rows", async () => {
    const before = await titles("mills");
    await control("faults", { status: 500, times: 1000, path: "/query", message: "Notion is having a bad day" });
    expect((await syncTable("Slot Machines")).run).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Notion was unavailable \(500 internal_server_error: Notion is having a bad day\), /),
    });
    await control("faults", undefined, "DELETE");
    expect(await titles("mills")).toEqual(before);
    expect(await indexed("slots")).toBe((await rows("Slot Machines")).length);
  });

  it("is emptied by the schema sync, which recreates every table empty", async () => {
    expect(await indexed("slots")).toBeGreaterThan(0);
    await syncSchemas();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM search_index").first<{ n: number }>())!.n).toBe(0);
    expect((await search("mills")).total).toBe(0);
    await syncSlots();
    expect(await titles("paradise")).toEqual(["Watling Bird of Paradise 5¢"]);
    expect(await indexed("parts")).toBe(0);
  });
});
