import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { compactId } from "#contract/item-address";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { ENQUIRY_FIELD_ERRORS, ENQUIRY_LIMITS } from "#contract/enquiries";
import { writeSetting } from "../../data/site-settings";
import worker from "../../index";
import { PASSING_TURNSTILE_TOKEN, type RecordedCall } from "../../test/hook-recorder";
import { type Row, seedCategory } from "../../test/fixtures";

const recorder = inject("hookRecorderUrl");
const MISSING = "0badf00d-0000-4000-8000-000000000000";
let forSale: Row;
let sold: Row;

type Stored = {
  id: string;
  item_id: string;
  item_title: string;
  name: string;
  email: string;
  phone: string | null;
  emailed: number;
  flagged: number;
  client: string | null;
  network: string | null;
};

/** Posts to /api/enquiries as JSON (or form-encoded) from `ip` (none: the machine itself), through a worker with `vars` changed. */
async function post(
  body: unknown,
  options: { ip?: string; vars?: Partial<Env>; form?: boolean; raw?: string; referer?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": options.form ? "application/x-www-form-urlencoded" : "application/json",
    ...(options.ip ? { "cf-connecting-ip": options.ip } : {}),
    ...(options.referer ? { referer: options.referer } : {}),
    ...options.headers,
  };
  const payload = options.raw ?? (options.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body));
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request("http://localhost/api/enquiries", { method: "POST", headers, body: payload }),
    { ...env, ...options.vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const enquiry = (over: Record<string, unknown> = {}) => ({
  category: "slots",
  itemId: forSale.id,
  name: "Ada Collector",
  email: "ada@example.com",
  phone: "+1 (555) 010-0100",
  message: "Is the Black Cherry still available?",
  website: "",
  ...over,
});

const stored = async () => (await env.DB.prepare("SELECT * FROM enquiries ORDER BY created_at, rowid").all<Stored>()).results;

beforeAll(async () => {
  [forSale, sold] = await seedCategory("slots", [
    { title: "Mills Black Cherry", for_sale: 1, price: 1250 },
    { title: "Jennings Standard Chief", for_sale: 0, price: null },
  ]);
});

beforeEach(async () => {
  await env.DB.exec("DELETE FROM enquiries; DELETE FROM enquiry_guard; DELETE FROM site_settings");
});

/** The real send_email binding, recording each message it is given. */
function recordingBinding(): { binding: SendEmail; sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  const real = env.ENQUIRY_EMAIL;
  if (!real) throw new Error("The workerd tests declare the send_email binding ENQUIRY_EMAIL (vitest.worker.config.ts)");
  return {
    sent,
    binding: {
      send: (message: Parameters<SendEmail["send"]>[0]) => {
        sent.push(message as unknown as Record<string, unknown>);
        return real.send(message as never);
      },
    } as SendEmail,
  };
}

/** Adds `count` enquiries straight into D1, `minutes` ago, flagged or not (filling the table towards its ceiling). */
async function fill(count: number, flagged: boolean, minutes = 1500): Promise<void> {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO enquiries (id, category, item_id, item_title, name, email, message, created_at, flagged)
     SELECT 'filled-' || ?2 || '-' || i, 'slots', ?3, 'Mills', 'Filler', 'f@example.com', 'x', ?4, ?2 FROM n`,
  )
    .bind(count, flagged ? 1 : 0, forSale.id, at)
    .run();
}

describe("POST /api/enquiries", () => {
  it("stores a valid enquiry under the item's title read from D1 (not the client's) and answers 201 with its id and thanks", async () => {
    const res = await post(enquiry({ itemTitle: "A forged title", name: "  Ada Collector  " }), { ip: "203.0.113.1" });
    expect(res.status).toBe(201);
    const body = await res.json<{ id: string; message: string }>();
    expect(body.message).toBe("Thank you for your enquiry. We will reply to ada@example.com as soon as we can.");
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      item_id: forSale.id,
      item_title: "Mills Black Cherry",
      name: "Ada Collector",
      phone: "+1 (555) 010-0100",
      emailed: 0,
    });
  });

  it("accepts an item no longer for sale (a page built before it sold still offers the button) and an empty phone", async () => {
    const res = await post(enquiry({ itemId: String(sold.id).replace(/-/g, ""), phone: "" }));
    expect(res.status).toBe(201);
    expect(await stored()).toMatchObject([{ item_id: sold.id, item_title: "Jennings Standard Chief", phone: null }]);
  });

  it("answers 400 naming each invalid field with its error, storing nothing", async () => {
    const res = await post(
      enquiry({ name: " ", email: "ada@", phone: "call me", message: "x".repeat(ENQUIRY_LIMITS.message + 1), category: "pinball" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Invalid category, name, email, phone, message",
      fields: {
        category: ENQUIRY_FIELD_ERRORS.category,
        name: ENQUIRY_FIELD_ERRORS.name,
        email: ENQUIRY_FIELD_ERRORS.email,
        phone: ENQUIRY_FIELD_ERRORS.phone,
        message: ENQUIRY_FIELD_ERRORS.message,
      },
    });
    expect(await post(enquiry({ name: "Ada\r\nBcc: victim@example.com" })).then((r) => r.json())).toMatchObject({
      fields: { name: ENQUIRY_FIELD_ERRORS.name },
    });
    expect(await post(null, { raw: "{not json" }).then((r) => r.json())).toEqual({ error: "Invalid body: expected a JSON object" });
    expect(await stored()).toEqual([]);
  });

  it("refuses a post from another site's page with 403, and takes one from this site's", async () => {
    const foreign = await post(enquiry(), { headers: { origin: "https://elsewhere.example" } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: "Enquiries are accepted only from this site's pages" });
    expect((await post(enquiry(), { form: true, headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect(await stored()).toEqual([]);
    expect((await post(enquiry(), { headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } })).status).toBe(201);
  });

  it("answers 404 naming an item that is not in the catalogue and 503 for a category never synced", async () => {
    const res = await post(enquiry({ itemId: MISSING }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: `Item not found: slots/${MISSING}` });
    const toys = await post(enquiry({ category: "toys" }));
    expect(toys.status).toBe(503);
    expect(await toys.json()).toEqual({ error: "Vintage Toys has not been synced yet" });
    expect(await stored()).toEqual([]);
  });

  it("refuses a body over 16 KB with 413 JSON, while the longest valid enquiry in three-byte characters fits even form-encoded", async () => {
    const res = await post(enquiry({ message: "x".repeat(17 * 1024) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Request body too large: the limit is 16384 bytes" });
    const longest = enquiry({
      name: "機".repeat(ENQUIRY_LIMITS.name),
      message: "機".repeat(ENQUIRY_LIMITS.message),
      phone: "9".repeat(40),
    });
    expect((await post(longest, { form: true })).status).toBe(303);
  });

  it("answers a filled honeypot exactly like an accepted enquiry, storing and counting nothing", async () => {
    const bot = await post(enquiry({ website: "https://spam.example" }), { ip: "203.0.113.9" });
    expect(bot.status).toBe(201);
    const body = await bot.json<{ id: string; message: string }>();
    expect(Object.keys(body)).toEqual(["id", "message"]);
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.message).toBe("Thank you for your enquiry. We will reply to ada@example.com as soon as we can.");
    // Not even validated: a bot's invalid fields learn it nothing either.
    expect((await post(enquiry({ website: "x", email: "nope" }), { ip: "203.0.113.9" })).status).toBe(201);
    for (let i = 0; i < 5; i++) await post(enquiry({ website: "spam" }), { ip: "203.0.113.9" });
    expect(await stored()).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await post(enquiry(), { ip: "203.0.113.9" })).status).toBe(201);
  });
});

describe("the hourly limit per client address", () => {
  it("accepts 5 enquiries an hour from one address, then 429 with Retry-After; other addresses and the machine itself are not held", async () => {
    for (let i = 0; i < 5; i++) expect((await post(enquiry(), { ip: "203.0.113.20" })).status).toBe(201);
    const refused = await post(enquiry(), { ip: "203.0.113.20" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3590);
    expect(await refused.json()).toEqual({ error: "You have sent 5 enquiries within the hour. Try again in 60 minutes." });
    expect((await post(enquiry(), { ip: "203.0.113.21" })).status).toBe(201);
    for (let i = 0; i < 7; i++) expect((await post(enquiry())).status).toBe(201);
    expect(await stored()).toHaveLength(13);
  });

  it("counts an IPv6 /64 as one client, and only enquiries it accepted", async () => {
    expect((await post(enquiry({ email: "bad" }), { ip: "2001:db8:1:2::1" })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post(enquiry(), { ip: `2001:db8:1:2::${i + 10}` })).status).toBe(201);
    expect((await post(enquiry(), { ip: "2001:db8:1:2:ffff::1" })).status).toBe(429);
    expect((await post(enquiry(), { ip: "2001:db8:1:3::1" })).status).toBe(201);
  });

  it("counts an IPv6 /48 too: 20 an hour across its /64s, then 429 naming the network", async () => {
    for (let net = 0; net < 4; net++)
      for (let i = 0; i < 5; i++) expect((await post(enquiry(), { ip: `2001:db8:7:${net}::${i + 1}` })).status).toBe(201);
    const refused = await post(enquiry(), { ip: "2001:db8:7:ff::1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3590);
    expect(await refused.json()).toEqual({ error: "Many enquiries have come from your network within the hour. Try again in 60 minutes." });
    expect((await post(enquiry(), { ip: "2001:db8:8::1" })).status).toBe(201);
  });

  it("keeps addresses as hashes keyed with the worker's own random key, never as bare SHA-256", async () => {
    await post(enquiry(), { ip: "2001:db8:9:1::1" });
    const [row] = await stored();
    const { address_key: key } = (await env.DB.prepare("SELECT address_key FROM enquiry_guard").first<{ address_key: string }>())!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const hmacKey = await crypto.subtle.importKey("raw", new TextEncoder().encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const hmac = async (text: string) => hex(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(text)));
    expect(row?.client).toBe(await hmac("2001:db8:9:1::/64"));
    expect(row?.network).toBe(await hmac("2001:db8:9::/48"));
    expect(row?.client).not.toBe(hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("2001:db8:9:1::/64"))));
  });

  it("lets exactly 5 of 10 parallel enquiries from one address through", async () => {
    const statuses = await Promise.all(Array.from({ length: 10 }, () => post(enquiry(), { ip: "198.51.100.30" }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await stored()).toHaveLength(5);
  });
});

describe("the site-wide caps and the ceiling", () => {
  const email = { ENQUIRY_EMAIL_TO: "dealer@example.com", ENQUIRY_EMAIL_FROM: "enquiries@example.com" };

  it("stores enquiries past the hourly cap flagged and not emailed, and emails the dealer one summary a day instead", async () => {
    await writeSetting(env.DB, "enquiriesPerHour", 2);
    const { binding, sent } = recordingBinding();
    for (let i = 0; i < 5; i++)
      expect((await post(enquiry(), { ip: `203.0.113.${60 + i}`, vars: { ...email, ENQUIRY_EMAIL: binding } })).status).toBe(201);
    expect((await stored()).map((r) => [r.flagged, r.emailed])).toEqual([
      [0, 1],
      [0, 1],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
    expect(sent.map((m) => m.subject)).toEqual([
      "Enquiry about Mills Black Cherry from Ada Collector",
      "Enquiry about Mills Black Cherry from Ada Collector",
      "Many enquiries at once: the rest are held in the admin panel",
    ]);
    expect(sent[2]).toMatchObject({ from: { email: "enquiries@example.com" }, to: "dealer@example.com" });
    expect(sent[2]?.text).toContain("Your site took 3 enquiries in the last hour and 3 in the last day.");
    expect(sent[2]?.text).toContain("Your limits are 2 an hour and 100 a day");
  });

  it("flags past the daily cap too, counting the day's flagged enquiries", async () => {
    await writeSetting(env.DB, "enquiriesPerDay", 3);
    await fill(2, true, 600);
    expect((await post(enquiry())).status).toBe(201);
    expect((await post(enquiry())).status).toBe(201);
    expect((await stored()).filter((r) => r.name === "Ada Collector").map((r) => r.flagged)).toEqual([0, 1]);
  });

  it("at the ceiling drops the oldest flagged enquiry for a new one, and with none flagged answers 503, storing nothing", async () => {
    await writeSetting(env.DB, "enquiriesStoredMax", 100);
    await fill(99, false);
    await fill(1, true, 1600);
    expect((await post(enquiry())).status).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(100);
    expect(rows.some((r) => r.flagged === 1)).toBe(false);
    const full = await post(enquiry(), { ip: "203.0.113.70" });
    expect(full.status).toBe(503);
    expect(full.headers.get("Retry-After")).toBe("3600");
    expect(await full.json()).toEqual({
      error: "We cannot take more enquiries just now. Please phone or email us instead (our details are at the foot of every page).",
    });
    expect(await stored()).toHaveLength(100);
  });
});

describe("the dealer's email", () => {
  const email = { ENQUIRY_EMAIL_TO: "dealer@example.com", ENQUIRY_EMAIL_FROM: "enquiries@example.com" };

  it("is sent through the send_email binding in its structured form when ENQUIRY_EMAIL_TO is set, and the enquiry marked emailed", async () => {
    const { binding, sent } = recordingBinding();
    expect((await post(enquiry(), { vars: { ...email, ENQUIRY_EMAIL: binding } })).status).toBe(201);
    expect(await stored()).toMatchObject([{ emailed: 1 }]);
    expect(sent).toEqual([
      {
        from: { email: "enquiries@example.com", name: "Website enquiries" },
        to: "dealer@example.com",
        replyTo: { email: "ada@example.com", name: "Ada Collector" },
        subject: "Enquiry about Mills Black Cherry from Ada Collector",
        text: expect.stringContaining(
          `Price: $1,250\nItem page: http://localhost/for-sale/slots/mills-black-cherry-${compactId(String(forSale.id))}`,
        ),
      },
    ]);
  });

  it("writes the price and the time in the dealer's currency and locale", async () => {
    await writeSetting(env.DB, "currency", "EUR");
    await writeSetting(env.DB, "locale", "de-DE");
    const { binding, sent } = recordingBinding();
    await post(enquiry(), { vars: { ...email, ENQUIRY_EMAIL: binding } });
    expect(sent[0]?.text).toContain("Price: 1.250\u00a0€");
    expect(sent[0]?.text).toMatch(/Sent: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC/);
  });

  it("is off, the enquiry only stored, when the worker has no send_email binding", async () => {
    expect((await post(enquiry(), { vars: { ...email, ENQUIRY_EMAIL: undefined } })).status).toBe(201);
    expect(await stored()).toMatchObject([{ emailed: 0 }]);
  });

  it("leaves the enquiry stored and marked not emailed when the binding refuses it (an unverified destination)", async () => {
    const res = await post(enquiry(), { vars: { ...email, ENQUIRY_EMAIL_TO: "unverified@example.com" } });
    expect(res.status).toBe(201);
    expect(await stored()).toMatchObject([{ name: "Ada Collector", emailed: 0 }]);
  });

  it("is not sent without ENQUIRY_EMAIL_TO (the enquiry is only listed)", async () => {
    expect((await post(enquiry())).status).toBe(201);
    expect(await stored()).toMatchObject([{ emailed: 0 }]);
  });
});

describe("Turnstile, when TURNSTILE_SECRET is set", () => {
  const turnstile = (query = "") => ({ TURNSTILE_SECRET: "turnstile-secret", TURNSTILE_VERIFY_URL: `${recorder}/siteverify${query}` });
  const siteverifyCalls = async () =>
    (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>())
      .filter((c) => c.path === "/siteverify")
      .map((c) => JSON.parse(c.body));

  it("accepts a token Siteverify passes, sending it the secret, the token and the visitor's address", async () => {
    const res = await post(enquiry({ turnstileToken: PASSING_TURNSTILE_TOKEN }), { ip: "203.0.113.40", vars: turnstile() });
    expect(res.status).toBe(201);
    expect((await siteverifyCalls()).at(-1)).toEqual({
      secret: "turnstile-secret",
      response: PASSING_TURNSTILE_TOKEN,
      remoteip: "203.0.113.40",
    });
  });

  it("refuses a missing or failed token as an invalid field, and answers 503 while Siteverify cannot answer, storing nothing", async () => {
    const missing = await post(enquiry(), { vars: turnstile() });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { turnstileToken: ENQUIRY_FIELD_ERRORS.turnstileToken } });
    const failed = await post(enquiry({ turnstileToken: "forged" }), { vars: turnstile() });
    expect(await failed.json()).toMatchObject({
      fields: { turnstileToken: "The check that you are not a robot failed or expired; complete it again and resend." },
    });
    const down = await post(enquiry({ turnstileToken: PASSING_TURNSTILE_TOKEN }), { vars: turnstile("?status=500") });
    expect(down.status).toBe(503);
    expect(down.headers.get("Retry-After")).toBe("60");
    expect(await stored()).toEqual([]);
  });
});

describe("a plain form post (no JavaScript)", () => {
  const form = (over: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(enquiry(over)).map(([k, v]) => [k, String(v)]));

  it("is answered 303 to the thank-you page, also when the honeypot caught it", async () => {
    const res = await post(form(), { form: true });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/enquiry/thanks");
    expect(await stored()).toHaveLength(1);
    const bot = await post(form({ website: "spam" }), { form: true });
    expect([bot.status, bot.headers.get("Location")]).toEqual([303, "/enquiry/thanks"]);
    expect(await stored()).toHaveLength(1);
  });

  it("gets a page naming each problem (escaped) with a link back to the form it came from", async () => {
    const referer = `http://localhost/for-sale/slots/${forSale.id}`;
    const res = await post(form({ email: "<b>ada@</b>", name: "" }), { form: true, referer });
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain("<h1>Your enquiry was not sent</h1>");
    expect(html).toContain(`<li>${ENQUIRY_FIELD_ERRORS.name}</li><li>${ENQUIRY_FIELD_ERRORS.email}</li>`);
    expect(html).toContain(`<a href="/for-sale/slots/${forSale.id}">Back to the form</a>`);
    const elsewhere = await post(form({ name: "" }), { form: true, referer: "https://evil.example/x" });
    expect(await elsewhere.text()).toContain('<a href="/">Back to the form</a>');
  });

  it("says why when the hourly limit or Turnstile (which needs JavaScript) refuses it", async () => {
    for (let i = 0; i < 5; i++) await post(form(), { form: true, ip: "203.0.113.50" });
    const limited = await post(form(), { form: true, ip: "203.0.113.50" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).not.toBeNull();
    expect(await limited.text()).toContain("<li>You have sent 5 enquiries within the hour. Try again in 60 minutes.</li>");
    const checked = await post(form(), { form: true, vars: { TURNSTILE_SECRET: "turnstile-secret" } });
    expect(checked.status).toBe(400);
    expect(await checked.text()).toContain("This site checks that enquiries come from a person, which needs JavaScript");
  });
});
