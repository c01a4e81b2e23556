import { ADMIN_PATHS } from "#contract/api-paths";
import { NOTION_VERSION } from "#contract/notion";
import type { NotionTable } from "#contract/admin-api";
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { adminFetch } from "../../test/admin";
import { get } from "../../test/http";
import { NOTION, control, listTables, notionStats, rows, startAndWait, syncSchemas, syncTable } from "../../test/notion-sync";
import { NOTION_TEST_TOKEN } from "../../test/notion-test-server";
import { deliver, deliverSigned, editPage, editSchema, runDebouncer, titleValue, WEBHOOK_TOKEN, webhookEvent } from "../../test/webhooks";
import { holdStatement } from "../../data/removal-holds";
import { acquireLock, SYNC_LOCK } from "../../tables/lock";
import { readEntry } from "../../tables/registry";
import { backfillBodies } from "./body-backfill";

type Slot = { id: string; title: string; main_image: string | null; body_md: string | null; published: number | null };
const slots = () => rows<Slot>("Slot Machines");
const rowOf = async (id: string) => (await slots()).find((r) => r.id === id);
const slotTable = async () => (await listTables()).find((t) => t.tableName === "notion_slot_machines")!;
const tick = (id: string, box: "Published" | "Hold Changes", on: boolean) => editPage(id, { properties: { [box]: { checkbox: on } } });
const paragraph = (text: string) => ({
  object: "block",
  type: "paragraph",
  paragraph: { rich_text: [{ type: "text", text: { content: text } }] },
});

/** Calls the local Notion server's API as the integration does. */
async function notion<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${NOTION}/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${NOTION_TEST_TOKEN}`, "notion-version": NOTION_VERSION, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

/** Whether each public answer (item, listings, search, the build's catalogue) shows the slot machine `id`, and how an enquiry about it is answered. */
async function publicFootprint(id: string, title: string) {
  const listed = async (path: string) => (await get<{ items: { id: string }[] }>(path)).body.items.some((i) => i.id === id);
  const build = await get<{ items: { id: string }[] }>("/api/build/catalogue/slots");
  const enquiry = await exports.default.fetch("http://localhost/api/enquiries", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ itemId: id, category: "slots", name: "Ann", email: "ann@example.com", message: "Still there?", website: "" }),
  });
  return {
    item: (await get(`/api/collection/slots/${id}`)).status,
    listing: await listed("/api/collection/slots?limit=100"),
    gallery: await listed("/api/collection/slots/gallery?limit=100"),
    search: await listed(`/api/search?q=${encodeURIComponent(title)}&limit=50`),
    build: build.body.items.some((i) => i.id === id),
    enquiry: enquiry.status === 404 ? await enquiry.json() : enquiry.status,
  };
}

const ON_SITE = { item: 200, listing: true, gallery: true, search: true, build: true, enquiry: 201 };

let ids: string[];
let dataSource: string;

describe("drafts and held pages, through every sync path", { timeout: 90_000 }, () => {
  beforeAll(async () => {
    await control("reset");
    await syncSchemas();
    dataSource = (await readEntry(env.DB, "notion_slot_machines"))!.dataSourceId!;
    // An older workspace: Slot Machines without the two boxes.
    await editSchema(dataSource, { Published: null, "Hold Changes": null });
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    ids = (await slots()).map((r) => r.id);
    expect((await deliver({ verification_token: WEBHOOK_TOKEN })).status).toBe(200);
  }, 60_000);

  it("publishes every row of a table without Published, and holds them all when the property is added by hand (every box unticked)", async () => {
    expect(ids).toHaveLength(15);
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0, held: 0, removalHold: null });
    await editSchema(dataSource, { Published: { checkbox: {} }, "Hold Changes": { checkbox: {} } });
    // A row typed at once, its event delivered before the schema's: the page itself says it is a draft.
    const early = await notion<{ id: string }>("POST", "pages", {
      parent: { data_source_id: dataSource },
      properties: { ...titleValue("Typed Before The Sync Knew"), Published: { checkbox: false } },
    });
    expect((await deliverSigned(webhookEvent("page.created", early.id))).status).toBe(200);
    await runDebouncer();
    expect(await rowOf(early.id)).toBeUndefined();
    await notion("PATCH", `pages/${early.id}`, { in_trash: true });
    const synced = await syncTable("Slot Machines");
    expect(synced.ok).toBe(true);
    expect(synced.run?.message).toBe(
      "Synced 15 rows into notion_slot_machines; Slot Machines: 15 of 15 items would leave the site at once (15 unpublished), " +
        "so they stay on it until you confirm in the admin panel (Notion Sync, Tables)",
    );
    expect(await slots()).toHaveLength(15);
    expect((await get("/api/collection/slots")).body.pagination.totalItems).toBe(15);
    expect(await slotTable()).toMatchObject({
      recordCount: 15,
      drafts: 15,
      held: 0,
      removalHold: { live: 15, leaving: 15, unpublished: 15, gone: 0, confirmedAt: null },
    });
    // Ticking every row (what setup does when it adds the property) publishes them and clears the hold.
    for (const id of ids) await tick(id, "Published", true);
    expect((await syncTable("Slot Machines")).run?.message).toBe("Synced 15 rows into notion_slot_machines");
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0, held: 0, removalHold: null });
    expect((await slots()).every((r) => r.published === 1)).toBe(true);
  });

  it("takes an unticked row off every public answer at the next Sync Data, and brings it back once ticked", async () => {
    const { title } = (await rowOf(ids[0]!))!;
    expect(await publicFootprint(ids[0]!, title)).toEqual(ON_SITE);
    await tick(ids[0]!, "Published", false);
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    expect(await publicFootprint(ids[0]!, title)).toEqual({
      item: 404,
      listing: false,
      gallery: false,
      search: false,
      build: false,
      enquiry: { error: `Item not found: slots/${ids[0]}` },
    });
    expect(await slotTable()).toMatchObject({ recordCount: 14, drafts: 1, held: 0, removalHold: null });
    await tick(ids[0]!, "Published", true);
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    expect(await publicFootprint(ids[0]!, title)).toEqual(ON_SITE);
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0 });
  });

  it("never copies the files nor reads the body of a row created unticked; ticking it publishes it whole", async () => {
    type Hosted = { name: string; file: { url: string } };
    const hosted = await notion<{ properties: { "Main Image": { files: Hosted[] } } }>("GET", `pages/${ids[0]}`);
    const picture = hosted.properties["Main Image"].files.map((f) => ({ type: "file", name: f.name, file: { url: f.file.url } }));
    const made = await notion<{ id: string }>("POST", "pages", {
      parent: { data_source_id: dataSource },
      properties: { ...titleValue("Half-typed Bell"), Published: { checkbox: false }, "Main Image": { files: picture } },
      children: [paragraph("Notes not for visitors yet")],
    });
    const before = await notionStats();
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    const after = await notionStats();
    expect(after.fileDownloads - before.fileDownloads).toBe(0);
    expect(after.byPath[`/v1/blocks/${made.id}/children`] ?? 0).toBe(before.byPath[`/v1/blocks/${made.id}/children`] ?? 0);
    expect(await rowOf(made.id)).toBeUndefined();
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 1 });

    await tick(made.id, "Published", true);
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    const row = (await rowOf(made.id))!;
    expect(row.title).toBe("Half-typed Bell");
    expect(JSON.parse(row.main_image!)[0]).toMatch(/^\/media\/notion\//);
    expect(row.body_md).toContain("Notes not for visitors yet");
    expect(await slotTable()).toMatchObject({ recordCount: 16, drafts: 0 });
    await notion("PATCH", `pages/${made.id}`, { in_trash: true });
  });

  it("keeps a held row as last synced (title, picture, body) through Sync Data, the body backfill and a whole-table copy; unticking publishes the edits", async () => {
    const heldId = ids[1]!;
    await editPage(heldId, { properties: titleValue("Held As Published") });
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    const published = (await rowOf(heldId))!;
    expect(published.title).toBe("Held As Published");

    await tick(heldId, "Hold Changes", true);
    await editPage(heldId, { properties: { ...titleValue("Half-finished Edit"), "Main Image": { files: [] } } });
    await notion("PATCH", `blocks/${heldId}/children`, { children: [paragraph("Words still being written")] });
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    expect(await rowOf(heldId)).toEqual(published);
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0, held: 1 });

    // The nightly body backfill reads bodies never read, except a held row's: its page holds the unpublished words.
    await env.DB.prepare("UPDATE notion_slot_machines SET body_md = NULL WHERE id IN (?1, ?2)").bind(heldId, ids[5]).run();
    await backfillBodies(env, (await readEntry(env.DB, "notion_slot_machines"))!);
    expect((await rowOf(heldId))!.body_md).toBeNull();
    expect((await rowOf(ids[5]!))!.body_md).not.toBeNull();
    await env.DB.prepare("UPDATE notion_slot_machines SET body_md = ?1 WHERE id = ?2").bind(published.body_md, heldId).run();

    // A schema change copies the whole table anew: the held row goes in as it was, a draft stays out.
    await tick(ids[2]!, "Published", false);
    await editSchema(dataSource, { "Restorer Notes": { rich_text: {} } });
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    const copied = (await rowOf(heldId)) as Slot & { restorer_notes?: unknown };
    expect(copied).toEqual({ ...published, restorer_notes: null, restorer_notes_rich: null });
    expect(await rowOf(ids[2]!)).toBeUndefined();
    expect(await slotTable()).toMatchObject({ recordCount: 14, drafts: 1, held: 1 });

    await tick(heldId, "Hold Changes", false);
    await tick(ids[2]!, "Published", true);
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    const released = (await rowOf(heldId))!;
    expect(released.title).toBe("Half-finished Edit");
    expect(released.main_image).toBeNull();
    expect(released.body_md).toContain("Words still being written");
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0, held: 0 });
  });

  it("takes an unticked page off and keeps a held page's edit waiting through a webhook batch; the next events undo both", async () => {
    const [draftId, heldId] = [ids[3]!, ids[4]!];
    const before = (await rowOf(heldId))!;
    await tick(draftId, "Published", false);
    await tick(heldId, "Hold Changes", true);
    await editPage(heldId, { properties: titleValue("Webhook Edit Waiting") });
    for (const id of [draftId, heldId]) expect((await deliverSigned(webhookEvent("page.properties_updated", id))).status).toBe(200);
    expect(await runDebouncer()).toBe(true);
    expect(await rowOf(draftId)).toBeUndefined();
    expect((await get(`/api/collection/slots/${draftId}`)).status).toBe(404);
    expect(await rowOf(heldId)).toEqual(before);
    expect(await slotTable()).toMatchObject({ recordCount: 14, drafts: 1, held: 1, removalHold: null });

    await tick(draftId, "Published", true);
    await tick(heldId, "Hold Changes", false);
    for (const id of [draftId, heldId]) await deliverSigned(webhookEvent("page.properties_updated", id));
    await runDebouncer();
    expect((await get(`/api/collection/slots/${draftId}`)).status).toBe(200);
    expect((await rowOf(heldId))!.title).toBe("Webhook Edit Waiting");
    expect(await slotTable()).toMatchObject({ recordCount: 15, drafts: 0, held: 0 });
  });

  it("holds a webhook batch that would take more than half the items off at once until the operator confirms in the admin panel", async () => {
    const unticked = ids.slice(5, 10);
    const trashed = ids.slice(10, 13);
    for (const id of unticked) await tick(id, "Published", false);
    for (const id of trashed) await editPage(id, { in_trash: true });
    for (const id of unticked) await deliverSigned(webhookEvent("page.properties_updated", id));
    for (const id of trashed) await deliverSigned(webhookEvent("page.deleted", id));
    await runDebouncer();
    expect(await slots()).toHaveLength(15);
    const run = await env.DB.prepare("SELECT message FROM sync_runs WHERE kind = 'page' ORDER BY id DESC LIMIT 1").first<{
      message: string;
    }>();
    expect(run!.message).toBe(
      "Webhook: updated 0 pages, removed 0; Slot Machines: 8 of 15 items would leave the site at once (5 unpublished, 3 deleted or " +
        "moved away in Notion), so they stay on it until you confirm in the admin panel (Notion Sync, Tables)",
    );
    const hold = (await slotTable()).removalHold!;
    expect(hold).toMatchObject({ live: 15, leaving: 8, unpublished: 5, gone: 3, confirmedAt: null });

    // A later sync finding the same removal keeps holding it.
    expect((await syncTable("Slot Machines")).ok).toBe(true);
    expect(await slots()).toHaveLength(15);

    const confirmed = await startAndWait(ADMIN_PATHS.confirmRemoval, { tableName: "notion_slot_machines" });
    expect(confirmed).toMatchObject({
      status: 202,
      body: { success: true, message: "Confirmed: Slot Machines is syncing to take them off the site" },
      ok: true,
    });
    expect((await slots()).map((r) => r.id).sort()).toEqual(ids.filter((id) => !unticked.includes(id) && !trashed.includes(id)).sort());
    expect(await slotTable()).toMatchObject({ recordCount: 7, drafts: 5, removalHold: null });
    // The site build may let this category shrink: the operator confirmed it.
    const removals = await get<{ removals: { category: string; appliedAt: string }[] }>("/api/build/confirmed-removals");
    expect(removals.body.removals.map((r) => r.category)).toEqual(["slots"]);
  });

  it("drops a held removal of drafts once the dealer ticks enough back: the next webhook batch takes the rest off", async () => {
    const live = (await slots()).map((r) => r.id);
    expect(live).toHaveLength(7);
    const unticked = live.slice(0, 4);
    for (const id of unticked) await tick(id, "Published", false);
    for (const id of unticked) await deliverSigned(webhookEvent("page.properties_updated", id));
    await runDebouncer();
    expect(await slots()).toHaveLength(7);
    expect((await slotTable()).removalHold).toMatchObject({ live: 7, leaving: 4, unpublished: 4, gone: 0 });

    for (const id of unticked.slice(0, 2)) await tick(id, "Published", true);
    for (const id of unticked.slice(0, 2)) await deliverSigned(webhookEvent("page.properties_updated", id));
    await runDebouncer();
    expect((await slots()).map((r) => r.id).sort()).toEqual(live.filter((id) => !unticked.slice(2).includes(id)).sort());
    expect(await slotTable()).toMatchObject({ recordCount: 5, removalHold: null });
  });

  it("answers a confirmation with nothing waiting 404, a bad body 400, and one made during another sync 409 (kept for the next sync)", async () => {
    const confirm = (body: unknown) => adminFetch(ADMIN_PATHS.confirmRemoval, { method: "POST", body });
    const none = await confirm({ tableName: "notion_slot_machines" });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: "No removal from Slot Machines is waiting for confirmation" });
    expect((await confirm({ tableName: "notion_nope" })).status).toBe(404);
    expect((await confirm({})).status).toBe(400);

    await holdStatement(env.DB, "notion_vintage_toys", { live: 6, leaving: 4, unpublished: 4 }, 1).run();
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      const busy = await confirm({ tableName: "notion_vintage_toys" });
      expect(busy.status).toBe(409);
      expect(await busy.json()).toEqual({
        success: false,
        message: "Confirmed: another sync is running, so the next sync of Vintage Toys takes them off the site",
      });
    } finally {
      await lock.release();
    }
    const toys = (await listTables()).find((t: NotionTable) => t.tableName === "notion_vintage_toys")!;
    expect(toys.removalHold?.confirmedAt).toEqual(expect.any(String));
  });

  it("leaves an unpublished post out of its section", async () => {
    expect((await syncTable("Posts")).ok).toBe(true);
    const [draft] = await rows<{ id: string; section: string }>("Posts");
    const section = async () => (await get<{ id: string }[]>(`/api/posts/section/${draft!.section}`)).body.map((p) => p.id);
    const shown = await section();
    expect(shown).toContain(draft!.id);
    await tick(draft!.id, "Published", false);
    expect((await syncTable("Posts")).ok).toBe(true);
    expect(await section()).toEqual(shown.filter((id) => id !== draft!.id));
    expect((await listTables()).find((t) => t.tableName === "notion_posts")).toMatchObject({ drafts: 1, held: 0 });
  });
});
