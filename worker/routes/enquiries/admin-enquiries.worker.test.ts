import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import { ENQUIRIES_PAGE_SIZE, type EnquiriesPage } from "#contract/enquiries";
import worker from "../../index";
import { storeEnquiry, type NewEnquiry } from "../../data/enquiries";
import { adminCookie, adminFetch, TEST_ORIGIN } from "../../test/admin";

const T0 = Date.UTC(2026, 2, 1, 9);
const ITEM = "00000000-0000-0000-0000-0000000000a1";

const enquiry = (n: number): NewEnquiry => ({
  category: "slots",
  itemId: ITEM,
  itemTitle: "Mills Black Cherry",
  name: `Collector ${n}`,
  email: `collector${n}@example.com`,
  phone: n % 2 ? null : "+1 555 0100",
  message: `Enquiry number ${n}`,
});

const LIMITS = { perHour: 1000, perDay: 10_000, storedMax: 100_000 };

/**
 * Stores `count` enquiries a minute apart from T0 (the machine's own, so none is limited by address; with `perHour`,
 * those past it flagged); returns their ids, oldest first.
 */
async function seed(count: number, perHour = LIMITS.perHour): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const outcome = await storeEnquiry(env.DB, enquiry(n), null, { ...LIMITS, perHour }, T0 + n * 60_000);
    if (outcome.stored) ids.push(outcome.id);
  }
  return ids;
}

async function remove(body: unknown): Promise<Response> {
  return adminFetch(`${ADMIN_PATHS.enquiries}/delete`, { method: "POST", body });
}

async function list(query = "", vars: Partial<Env> = {}): Promise<EnquiriesPage> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${TEST_ORIGIN}${ADMIN_PATHS.enquiries}${query}`, { headers: { cookie: await adminCookie() } }),
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(200);
  return res.json();
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM enquiries");
});

describe("GET /api/admin/enquiries", () => {
  it("lists open enquiries newest first with every field, the page count and the open count", async () => {
    const ids = await seed(3);
    const page = await list();
    expect(page.enquiries.map((e) => e.id)).toEqual([...ids].reverse());
    expect(page.enquiries[0]).toEqual({
      id: ids[2],
      itemId: ITEM,
      category: "slots",
      itemTitle: "Mills Black Cherry",
      name: "Collector 3",
      email: "collector3@example.com",
      phone: null,
      message: "Enquiry number 3",
      createdAt: new Date(T0 + 3 * 60_000).toISOString(),
      handled: false,
      emailed: false,
      flagged: false,
    });
    expect(page.pagination).toEqual({ page: 1, totalPages: 1, totalItems: 3 });
    expect(page.openCount).toBe(3);
    expect(page.flaggedCount).toBe(0);
    expect(page.emailEnabled).toBe(false);
    expect((await list("", { ENQUIRY_EMAIL_TO: "dealer@example.com" })).emailEnabled).toBe(true);
    // An address to send to but no send_email binding (wrangler.toml without [[send_email]]): email is off.
    expect((await list("", { ENQUIRY_EMAIL_TO: "dealer@example.com", ENQUIRY_EMAIL: undefined })).emailEnabled).toBe(false);
  });

  it("lists flagged enquiries (past the site-wide hourly cap) apart from open ones, with their count", async () => {
    const ids = await seed(5, 3);
    const open = await list();
    expect(open.enquiries.map((e) => e.id)).toEqual(ids.slice(0, 3).reverse());
    expect([open.openCount, open.flaggedCount]).toEqual([3, 2]);
    const flagged = await list("?status=flagged");
    expect(flagged.enquiries.map((e) => [e.id, e.flagged])).toEqual([
      [ids[4], true],
      [ids[3], true],
    ]);
    await adminFetch(`${ADMIN_PATHS.enquiries}/${ids[4]}/handled`, { method: "POST" });
    expect((await list("?status=flagged")).enquiries.map((e) => e.id)).toEqual([ids[3]]);
    expect((await list("?status=handled")).enquiries.map((e) => [e.id, e.flagged])).toEqual([[ids[4], true]]);
  });

  it(`pages ${ENQUIRIES_PAGE_SIZE} at a time, and lists open, handled or all`, async () => {
    const ids = await seed(ENQUIRIES_PAGE_SIZE + 5);
    await adminFetch(`${ADMIN_PATHS.enquiries}/${ids[0]}/handled`, { method: "POST" });
    const first = await list("?status=all");
    expect(first.pagination).toEqual({ page: 1, totalPages: 2, totalItems: ENQUIRIES_PAGE_SIZE + 5 });
    expect(first.enquiries).toHaveLength(ENQUIRIES_PAGE_SIZE);
    const second = await list("?status=all&page=2");
    expect(second.enquiries.map((e) => e.name)).toEqual(["Collector 5", "Collector 4", "Collector 3", "Collector 2", "Collector 1"]);
    expect(second.enquiries.at(-1)?.handled).toBe(true);
    const handled = await list("?status=handled");
    expect(handled.enquiries.map((e) => e.id)).toEqual([ids[0]]);
    expect(handled.openCount).toBe(ENQUIRIES_PAGE_SIZE + 4);
    expect((await list("?status=open&page=2")).enquiries).toHaveLength(4);
    expect((await list("?page=9")).enquiries).toEqual([]);
  });

  it("refuses a bad status or page with 400, and anyone without a session with 401", async () => {
    expect((await adminFetch(`${ADMIN_PATHS.enquiries}?status=spam`)).status).toBe(400);
    expect((await adminFetch(`${ADMIN_PATHS.enquiries}?page=0`)).status).toBe(400);
    const anonymous = await exports.default.fetch(`${TEST_ORIGIN}${ADMIN_PATHS.enquiries}`);
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/admin/enquiries/delete", () => {
  it("deletes one or many by id, counting only those there were", async () => {
    const ids = await seed(4);
    const one = await remove({ ids: [ids[0]] });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ success: true, message: "1 enquiry deleted", deleted: 1 });
    const many = await remove({ ids: [ids[0], ids[1], ids[2], "0badf00d-0000-4000-8000-000000000000"] });
    expect(await many.json()).toEqual({ success: true, message: "2 enquiries deleted", deleted: 2 });
    expect((await list("?status=all")).enquiries.map((e) => e.id)).toEqual([ids[3]]);
  });

  it("deletes every flagged enquiry not yet handled, leaving open and handled ones", async () => {
    const ids = await seed(6, 2);
    await adminFetch(`${ADMIN_PATHS.enquiries}/${ids[5]}/handled`, { method: "POST" });
    expect(await (await remove({ flagged: true })).json()).toEqual({ success: true, message: "3 enquiries deleted", deleted: 3 });
    const all = await list("?status=all");
    expect(all.enquiries.map((e) => e.id)).toEqual([ids[5], ids[1], ids[0]]);
    expect(all.flaggedCount).toBe(0);
  });

  it(`refuses a body naming no id, more than ${ENQUIRIES_PAGE_SIZE}, a malformed one or anything else with 400`, async () => {
    const [id] = await seed(1);
    const many = Array.from({ length: ENQUIRIES_PAGE_SIZE + 1 }, () => crypto.randomUUID());
    for (const body of [{ ids: [] }, { ids: many }, { ids: ["1;DROP"] }, { flagged: false }, { ids: [id], flagged: true }, {}]) {
      const res = await remove(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await list()).openCount).toBe(1);
  });
});

describe("POST /api/admin/enquiries/{id}/handled", () => {
  it("marks an enquiry handled (again: no change) and leaves the others open", async () => {
    const [first, second] = await seed(2);
    for (let i = 0; i < 2; i++) {
      const res = await adminFetch(`${ADMIN_PATHS.enquiries}/${first}/handled`, { method: "POST" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: "Enquiry marked handled" });
    }
    const open = await list();
    expect(open.enquiries.map((e) => e.id)).toEqual([second]);
    expect(open.openCount).toBe(1);
  });

  it("answers 404 for an unknown enquiry, 400 for a malformed id, and 403 from another site", async () => {
    const unknown = await adminFetch(`${ADMIN_PATHS.enquiries}/0badf00d-0000-4000-8000-000000000000/handled`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No enquiry 0badf00d-0000-4000-8000-000000000000" });
    const bad = await adminFetch(`${ADMIN_PATHS.enquiries}/1%3BDROP/handled`, { method: "POST" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid id: must be an enquiry id" });
    const [id] = await seed(1);
    const cross = await adminFetch(`${ADMIN_PATHS.enquiries}/${id}/handled`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect((await list()).openCount).toBe(1);
  });
});
