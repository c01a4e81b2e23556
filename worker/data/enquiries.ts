/** Rows of `enquiries`: visitors' enquiries about items, stored before any email goes out, listed in the admin panel. */
import type { CategoryId } from "#contract/categories";
import {
  ENQUIRIES_PER_NETWORK,
  ENQUIRIES_PER_WINDOW,
  ENQUIRY_WINDOW_MS,
  FLAGGED_ENQUIRY_DAYS,
  OPEN_ENQUIRY_DAYS,
  type Enquiry,
  type EnquiryStatus,
} from "#contract/enquiries";
import { batchResults } from "./d1-batch";

type EnquiryRow = {
  id: string;
  category: CategoryId;
  item_id: string;
  item_title: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: string;
  handled_at: string | null;
  emailed: number;
  flagged: number;
};

function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    itemId: row.item_id,
    category: row.category,
    itemTitle: row.item_title,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at,
    handled: row.handled_at !== null,
    emailed: row.emailed === 1,
    flagged: row.flagged === 1,
  };
}

const DAY_MS = 24 * 60 * 60_000;

/** A visitor's enquiry as it is stored: the item's title as D1 held it when the enquiry came. */
export type NewEnquiry = Pick<Enquiry, "category" | "itemId" | "itemTitle" | "name" | "email" | "phone" | "message">;

/** The keyed hashes a sender is counted by: its address key (IPv4, or IPv6 /64) and its IPv6 /48 (null for IPv4). */
export type SenderHashes = { client: string; network: string | null };

/** The site-wide limits an enquiry is stored under (the dealer's settings). */
export type EnquiryLimits = { perHour: number; perDay: number; storedMax: number };

/**
 * Outcome of storing: stored (`flagged` when it came past a site-wide cap), or refused because the sender's address
 * (`client`) or network (`network`) reached its hourly limit (seconds until it may send again), or because the table
 * is full of enquiries none of which is flagged (`full`).
 */
export type StoreOutcome =
  | { stored: true; id: string; createdAt: string; flagged: boolean }
  | { stored: false; reason: "client" | "network"; retryAfterSeconds: number }
  | { stored: false; reason: "full" };

// The sender may send (?1 its address hash, ?2 its network hash, ?3 the window's start, ?4 and ?5 their limits).
const SENDER_ALLOWED = `(?1 IS NULL OR (SELECT COUNT(*) FROM enquiries WHERE client = ?1 AND created_at > ?3) < ?4)
  AND (?2 IS NULL OR (SELECT COUNT(*) FROM enquiries WHERE network = ?2 AND created_at > ?3) < ?5)`;

/**
 * Stores an enquiry unless its sender already sent ENQUIRIES_PER_WINDOW (its /48: ENQUIRIES_PER_NETWORK) within the
 * last ENQUIRY_WINDOW_MS, or the table already holds `limits.storedMax` enquiries: then the oldest flagged one makes
 * room, and with none flagged the enquiry is refused. Past `limits.perHour` or `limits.perDay` across the whole site
 * it is stored flagged. Counted and inserted in one batch, so parallel sends cannot pass a limit. `sender` null (the
 * machine's own requests) is not counted. Address hashes older than the window are cleared first: an address is never
 * kept longer than it counts.
 */
export async function storeEnquiry(
  db: D1Database,
  enquiry: NewEnquiry,
  sender: SenderHashes | null,
  limits: EnquiryLimits,
  now = Date.now(),
): Promise<StoreOutcome> {
  const id = crypto.randomUUID();
  const createdAt = new Date(now).toISOString();
  const since = new Date(now - ENQUIRY_WINDOW_MS).toISOString();
  const gate = [sender?.client ?? null, sender?.network ?? null, since, ENQUIRIES_PER_WINDOW, ENQUIRIES_PER_NETWORK];
  const [, , , inserted, counts] = await batchResults(db, [
    db.prepare("UPDATE enquiries SET client = NULL WHERE client IS NOT NULL AND created_at <= ?1").bind(since),
    db.prepare("UPDATE enquiries SET network = NULL WHERE network IS NOT NULL AND created_at <= ?1").bind(since),
    // At the ceiling, the oldest flagged enquiry makes room (only for a sender that may send).
    db
      .prepare(
        `DELETE FROM enquiries WHERE id IN (SELECT id FROM enquiries WHERE flagged = 1 ORDER BY created_at, rowid
         LIMIT max(0, (SELECT COUNT(*) FROM enquiries) - ?6 + 1)) AND ${SENDER_ALLOWED}`,
      )
      .bind(...gate, limits.storedMax),
    db
      .prepare(
        `INSERT INTO enquiries (id, category, item_id, item_title, name, email, phone, message, created_at, client, network, flagged)
         SELECT ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?1, ?2,
           (SELECT COUNT(*) FROM enquiries WHERE created_at > ?3) >= ?15 OR (SELECT COUNT(*) FROM enquiries WHERE created_at > ?16) >= ?17
         WHERE ${SENDER_ALLOWED} AND (SELECT COUNT(*) FROM enquiries) < ?18
         RETURNING flagged`,
      )
      .bind(
        ...gate,
        id,
        enquiry.category,
        enquiry.itemId,
        enquiry.itemTitle,
        enquiry.name,
        enquiry.email,
        enquiry.phone,
        enquiry.message,
        createdAt,
        limits.perHour,
        new Date(now - DAY_MS).toISOString(),
        limits.perDay,
        limits.storedMax,
      ),
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM enquiries WHERE client = ?1 AND created_at > ?3) AS client_count,
           (SELECT MIN(created_at) FROM enquiries WHERE client = ?1 AND created_at > ?3) AS client_oldest,
           (SELECT COUNT(*) FROM enquiries WHERE network = ?2 AND created_at > ?3) AS network_count,
           (SELECT MIN(created_at) FROM enquiries WHERE network = ?2 AND created_at > ?3) AS network_oldest`,
      )
      .bind(...gate.slice(0, 3)),
  ]);
  const row = inserted.results[0] as { flagged: number } | undefined;
  if (row) return { stored: true, id, createdAt, flagged: row.flagged === 1 };
  const count = counts.results[0] as {
    client_count: number;
    client_oldest: string | null;
    network_count: number;
    network_oldest: string | null;
  };
  const retryAfter = (oldest: string | null) => {
    const freedAt = oldest ? Date.parse(oldest) + ENQUIRY_WINDOW_MS : now + ENQUIRY_WINDOW_MS;
    return Math.max(1, Math.ceil((freedAt - now) / 1000));
  };
  if (count.client_count >= ENQUIRIES_PER_WINDOW)
    return { stored: false, reason: "client", retryAfterSeconds: retryAfter(count.client_oldest) };
  if (count.network_count >= ENQUIRIES_PER_NETWORK)
    return { stored: false, reason: "network", retryAfterSeconds: retryAfter(count.network_oldest) };
  return { stored: false, reason: "full" };
}

/** How many enquiries the whole site took within the last hour and the last day (flagged ones included). */
export async function recentEnquiryCounts(db: D1Database, now = Date.now()): Promise<{ hour: number; day: number }> {
  const row = await db
    .prepare("SELECT SUM(created_at > ?1) AS hour, COUNT(*) AS day FROM enquiries WHERE created_at > ?2")
    .bind(new Date(now - ENQUIRY_WINDOW_MS).toISOString(), new Date(now - DAY_MS).toISOString())
    .first<{ hour: number | null; day: number }>();
  return { hour: row?.hour ?? 0, day: row?.day ?? 0 };
}

/** Records whether the dealer's email about an enquiry went out. */
export async function markEmailed(db: D1Database, id: string, emailed: boolean): Promise<void> {
  await db
    .prepare("UPDATE enquiries SET emailed = ?2 WHERE id = ?1")
    .bind(id, emailed ? 1 : 0)
    .run();
}

const WHERE: Record<EnquiryStatus, string> = {
  open: "handled_at IS NULL AND flagged = 0",
  flagged: "handled_at IS NULL AND flagged = 1",
  handled: "handled_at IS NOT NULL",
  all: "1",
};

/** One page of enquiries of `status`, newest first, with how many there are and how many are open and flagged. */
export async function listEnquiries(
  db: D1Database,
  status: EnquiryStatus,
  page: number,
  pageSize: number,
): Promise<{ enquiries: Enquiry[]; total: number; open: number; flagged: number }> {
  const [total, waiting, rows] = await batchResults(db, [
    db.prepare(`SELECT COUNT(*) AS n FROM enquiries WHERE ${WHERE[status]}`),
    db.prepare(
      "SELECT COUNT(*) - COALESCE(SUM(flagged), 0) AS open, COALESCE(SUM(flagged), 0) AS flagged FROM enquiries WHERE handled_at IS NULL",
    ),
    db
      .prepare(`SELECT * FROM enquiries WHERE ${WHERE[status]} ORDER BY created_at DESC, rowid DESC LIMIT ?1 OFFSET ?2`)
      .bind(pageSize, (page - 1) * pageSize),
  ]);
  const counts = (waiting.results[0] as { open: number; flagged: number } | undefined) ?? { open: 0, flagged: 0 };
  return {
    enquiries: (rows.results as EnquiryRow[]).map(toEnquiry),
    total: Number((total.results[0] as { n: number } | undefined)?.n ?? 0),
    open: Number(counts.open),
    flagged: Number(counts.flagged),
  };
}

/** Marks an enquiry handled (keeping the first time it was); false when there is no such enquiry. */
export async function markHandled(db: D1Database, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .prepare("UPDATE enquiries SET handled_at = COALESCE(handled_at, ?2) WHERE id = ?1")
    .bind(id, now.toISOString())
    .run();
  return result.meta.changes > 0;
}

/** Deletes the enquiries with these ids; answers how many there were. */
export async function deleteEnquiries(db: D1Database, ids: readonly string[]): Promise<number> {
  const result = await db.prepare("DELETE FROM enquiries WHERE id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids)).run();
  return result.meta.changes;
}

/** Deletes every flagged enquiry not yet handled; answers how many there were. */
export async function deleteFlaggedEnquiries(db: D1Database): Promise<number> {
  const result = await db.prepare(`DELETE FROM enquiries WHERE ${WHERE.flagged}`).run();
  return result.meta.changes;
}

/** What each retention rule deleted. */
export type Pruned = { handled: number; flagged: number; open: number };

/**
 * Deletes what is kept no longer: handled enquiries `handledDays` after they were handled, flagged ones
 * FLAGGED_ENQUIRY_DAYS and open ones OPEN_ENQUIRY_DAYS after they came.
 */
export async function pruneEnquiries(db: D1Database, handledDays: number, now = Date.now()): Promise<Pruned> {
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const [handled, flagged, open] = await batchResults(db, [
    db.prepare("DELETE FROM enquiries WHERE handled_at IS NOT NULL AND handled_at <= ?1").bind(before(handledDays)),
    db.prepare(`DELETE FROM enquiries WHERE ${WHERE.flagged} AND created_at <= ?1`).bind(before(FLAGGED_ENQUIRY_DAYS)),
    db.prepare(`DELETE FROM enquiries WHERE ${WHERE.open} AND created_at <= ?1`).bind(before(OPEN_ENQUIRY_DAYS)),
  ]);
  return { handled: handled.meta.changes, flagged: flagged.meta.changes, open: open.meta.changes };
}
