import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NotionCheckSchema, NotionParentSchema } from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { clearSetting, readSetting } from "../../data/site-settings";
import { adminFetch } from "../../test/admin";
import { control, rows, startAndWait, syncSchemas } from "../../test/notion-sync";

/** A Vintage Toys database of two toys, made now under `parent` in place of the demo's (Notion's search lags behind it). */
async function toysUnder(parent: string): Promise<string> {
  const made = await control("databases", {
    title: "Vintage Toys",
    properties: Object.fromEntries(
      NOTION_LAYOUT.find((db) => db.title === "Vintage Toys")!.properties.map((p) => [p.name, { type: p.types[0] }]),
    ),
    pages: [{ properties: { Title: "Tin Robot", Published: true } }, { properties: { Title: "Wind-up Duck", Published: true } }],
    replace: true,
    parent,
  });
  return ((await made.json()) as { id: string }).id;
}

const bare = (id: string) => id.replace(/-/g, "");
const check = async () => NotionCheckSchema.parse(await (await adminFetch(ADMIN_PATHS.notionCheck)).json());
const foundBy = async () => Object.fromEntries((await check()).databases.map((db) => [db.title, db.foundBy]));

let parent: string;
beforeEach(async () => {
  await control("reset");
  await clearSetting(env.DB, "notionParentPageId");
  parent = ((await (await control("pages", { title: "Antique Coin-Op" })).json()) as { id: string }).id;
});
afterEach(() => control("reset"));

describe("finding the catalogue's databases without trusting Notion's search", { timeout: 60_000 }, () => {
  it("misses a database search lags behind until the catalogue's page is set, then finds it under the page, and the sync copies it", async () => {
    await toysUnder(parent);
    await control("search-lag", { seconds: 600 });
    const before = await syncSchemas();
    expect(before.tables.find((t) => t.tableName === "notion_vintage_toys")).toMatchObject({
      status: "error",
      error: expect.stringContaining('No database titled "Vintage Toys" found in Notion'),
    });
    expect(await readSetting(env.DB, "notionParentPageId")).toBeNull();

    const set = await adminFetch(ADMIN_PATHS.notionParent, {
      method: "PUT",
      body: { page: `https://www.notion.so/Antique-Coin-Op-${bare(parent)}` },
    });
    expect(set.status).toBe(200);
    expect(NotionParentSchema.parse(await set.json())).toEqual({ parentPageId: bare(parent), title: "Antique Coin-Op" });
    expect((await syncSchemas()).success).toBe(true);
    const sync = await startAndWait(ADMIN_PATHS.syncAll);
    expect(sync.ok).toBe(true);
    expect((await rows<{ title: string }>("Vintage Toys")).map((r) => r.title).sort()).toEqual(["Tin Robot", "Wind-up Duck"]);
    const how = await foundBy();
    expect(how["Vintage Toys"]).toBe("page");
    expect(Object.values(how).filter((by) => by === "search")).toHaveLength(NOTION_LAYOUT.length - 1);
    expect((await check()).parentPageId).toBe(bare(parent));
  });

  it("learns the page from a database search found under it, and later finds it there however long search lags", async () => {
    const toys = await toysUnder(parent);
    expect((await syncSchemas()).success).toBe(true);
    expect(await readSetting(env.DB, "notionParentPageId")).toBe(bare(parent));
    await control("search-lag", { seconds: 600 });
    await control("faults", { status: 200, path: "/v1/search", body: { object: "list", results: [], next_cursor: null, has_more: false } });
    const sync = await startAndWait(ADMIN_PATHS.syncAll);
    // Search answered nothing: every demo database at the workspace's top level kept its rows; Vintage Toys was found under the page.
    expect(sync.run?.result).toMatchObject({
      tables: expect.arrayContaining([expect.objectContaining({ tableName: "notion_vintage_toys", ok: true, rows: 2 })]),
    });
    expect((await check()).databases.find((db) => db.title === "Vintage Toys")).toEqual({
      title: "Vintage Toys",
      foundBy: "page",
      databaseId: toys,
    });
  });

  it("refuses a catalogue's page that is no page id or link, or that the integration cannot see, and keeps the one it had", async () => {
    const bad = await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page: "my shop" } });
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: "my shop is neither a page id nor a page URL: copy the page's link in Notion (••• → Copy link)." },
    ]);
    const hidden = "1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6";
    const unseen = await adminFetch(ADMIN_PATHS.notionParent, { method: "PUT", body: { page: hidden } });
    expect(unseen.status).toBe(400);
    expect(((await unseen.json()) as { error: string }).error).toBe(
      "The integration cannot see the page 1a2b3c4d-5e6f-47a8-b9c0-d1e2f3a4b5c6: it does not exist or is not shared with the integration. In Notion, open the page, choose ••• → Connections and add your integration, then try again.",
    );
    expect(await (await adminFetch(ADMIN_PATHS.notionParent)).json()).toEqual({ parentPageId: null });
  });
});
