import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { FLAGGED_ENQUIRY_DAYS, OPEN_ENQUIRY_DAYS } from "#contract/enquiries";
import { expireEnquiries } from "./enquiry-retention";
import { writeSetting } from "./site-settings";

const NOW = Date.UTC(2026, 5, 1, 4);
const DAY = 24 * 60 * 60_000;

/** Stores an enquiry `daysAgo` old, flagged or not, handled `handledDaysAgo` (or never). */
async function add(id: string, daysAgo: number, options: { flagged?: boolean; handledDaysAgo?: number } = {}): Promise<void> {
  const at = (days: number) => new Date(NOW - days * DAY).toISOString();
  await env.DB.prepare(
    `INSERT INTO enquiries (id, category, item_id, item_title, name, email, message, created_at, handled_at, flagged)
     VALUES (?1, 'slots', 'item', 'Mills', 'Ada', 'ada@example.com', 'Hello', ?2, ?3, ?4)`,
  )
    .bind(id, at(daysAgo), options.handledDaysAgo === undefined ? null : at(options.handledDaysAgo), options.flagged ? 1 : 0)
    .run();
}

const left = async () => (await env.DB.prepare("SELECT id FROM enquiries ORDER BY id").all<{ id: string }>()).results.map((r) => r.id);

beforeEach(async () => {
  await env.DB.exec("DELETE FROM enquiries; DELETE FROM site_settings");
});

describe("the nightly expiry of enquiries", () => {
  it("deletes handled ones after the default 90 days from their handling, flagged ones after 30 days, open ones after a year", async () => {
    await add("handled-old", 200, { handledDaysAgo: 91 });
    await add("handled-recent", 200, { handledDaysAgo: 89 });
    await add("flagged-old", FLAGGED_ENQUIRY_DAYS + 1, { flagged: true });
    await add("flagged-recent", FLAGGED_ENQUIRY_DAYS - 1, { flagged: true });
    await add("flagged-handled", FLAGGED_ENQUIRY_DAYS + 5, { flagged: true, handledDaysAgo: 1 });
    await add("open-old", OPEN_ENQUIRY_DAYS + 1);
    await add("open-recent", OPEN_ENQUIRY_DAYS - 1);
    await expireEnquiries(env.DB, NOW);
    expect(await left()).toEqual(["flagged-handled", "flagged-recent", "handled-recent", "open-recent"]);
  });

  it("keeps handled ones as many days as the dealer's setting says", async () => {
    await writeSetting(env.DB, "handledEnquiryDays", 7);
    await add("eight", 10, { handledDaysAgo: 8 });
    await add("six", 10, { handledDaysAgo: 6 });
    await expireEnquiries(env.DB, NOW);
    expect(await left()).toEqual(["six"]);
  });
});
