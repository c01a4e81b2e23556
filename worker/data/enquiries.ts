/** Rows of `enquiries`: visitors' enquiries about items, stored before any email goes out, listed in the admin panel. */
import type { CategoryId } from "#contract/categories";
import { ENQUIRIES_PER_WINDOW, ENQUIRY_WINDOW_MS, type Enquiry, type EnquiryStatus } from "#contract/enquiries";
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
  };
}

/** A visitor's enquiry as it is stored: the item's title as D1 held it when the enquiry came. */
export type NewEnquiry = Pick<Enquiry, "category" | "itemId" | "itemTitle" | "name" | "email" | "phone" | "message">;

/** Outcome of storing: stored with its id and time, or refused because the client reached the limit (seconds until it may send again). */
export type StoreOutcome = { stored: true; id: string; createdAt: string } | { stored: false; retryAfterSeconds: number };

/** The SHA-256 (hex) a client's address key is kept as while it counts towards the limit. */
async function clientHash(client: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(client));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Stores an enquiry unless `client` already sent ENQUIRIES_PER_WINDOW within the last ENQUIRY_WINDOW_MS, counted and
 * inserted in one statement so parallel sends cannot pass the limit. `client` null (the machine's own requests) is not
 * counted. Client hashes older than the window are cleared first: an address is never kept longer than it counts.
 */
export async function storeEnquiry(db: D1Database, enquiry: NewEnquiry, client: string | null, now = Date.now()): Promise<StoreOutcome> {
  const id = crypto.randomUUID();
  const createdAt = new Date(now).toISOString();
  const since = new Date(now - ENQUIRY_WINDOW_MS).toISOString();
  const hash = client === null ? null : await clientHash(client);
  const [, inserted, oldest] = await batchResults(db, [
    db.prepare("UPDATE enquiries SET client = NULL WHERE client IS NOT NULL AND created_at <= ?1").bind(since),
    db
      .prepare(
        `INSERT INTO enquiries (id, category, item_id, item_title, name, email, phone, message, created_at, client)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
         WHERE ?10 IS NULL OR (SELECT COUNT(*) FROM enquiries WHERE client = ?10 AND created_at > ?11) < ?12
         RETURNING id`,
      )
      .bind(
        id,
        enquiry.category,
        enquiry.itemId,
        enquiry.itemTitle,
        enquiry.name,
        enquiry.email,
        enquiry.phone,
        enquiry.message,
        createdAt,
        hash,
        since,
        ENQUIRIES_PER_WINDOW,
      ),
    db.prepare("SELECT MIN(created_at) AS oldest FROM enquiries WHERE client = ?1 AND created_at > ?2").bind(hash, since),
  ]);
  if (inserted.results.length > 0) return { stored: true, id, createdAt };
  const first = (oldest.results[0] as { oldest: string | null } | undefined)?.oldest;
  const freedAt = first ? Date.parse(first) + ENQUIRY_WINDOW_MS : now + ENQUIRY_WINDOW_MS;
  return { stored: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

/** Records whether the dealer's email about an enquiry went out. */
export async function markEmailed(db: D1Database, id: string, emailed: boolean): Promise<void> {
  await db
    .prepare("UPDATE enquiries SET emailed = ?2 WHERE id = ?1")
    .bind(id, emailed ? 1 : 0)
    .run();
}

const WHERE: Record<EnquiryStatus, string> = { open: "handled_at IS NULL", handled: "handled_at IS NOT NULL", all: "1" };

/** One page of enquiries of `status`, newest first, with how many there are and how many are open. */
export async function listEnquiries(
  db: D1Database,
  status: EnquiryStatus,
  page: number,
  pageSize: number,
): Promise<{ enquiries: Enquiry[]; total: number; open: number }> {
  const [total, open, rows] = await batchResults(db, [
    db.prepare(`SELECT COUNT(*) AS n FROM enquiries WHERE ${WHERE[status]}`),
    db.prepare(`SELECT COUNT(*) AS n FROM enquiries WHERE ${WHERE.open}`),
    db
      .prepare(`SELECT * FROM enquiries WHERE ${WHERE[status]} ORDER BY created_at DESC, rowid DESC LIMIT ?1 OFFSET ?2`)
      .bind(pageSize, (page - 1) * pageSize),
  ]);
  const count = (r: D1Result) => Number((r.results[0] as { n: number } | undefined)?.n ?? 0);
  return { enquiries: (rows.results as EnquiryRow[]).map(toEnquiry), total: count(total), open: count(open) };
}

/** Marks an enquiry handled (keeping the first time it was); false when there is no such enquiry. */
export async function markHandled(db: D1Database, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .prepare("UPDATE enquiries SET handled_at = COALESCE(handled_at, ?2) WHERE id = ?1")
    .bind(id, now.toISOString())
    .run();
  return result.meta.changes > 0;
}
