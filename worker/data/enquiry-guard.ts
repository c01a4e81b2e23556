/**
 * `enquiry_guard`: the worker's own key for the address hashes enquiries are counted by, and when the dealer was last
 * emailed a flood's summary. The key is random, made by the worker on first use and kept only in D1: the stored hashes
 * cannot be reversed by hashing every address without it, and the dealer never has to type or store a secret.
 */
import { randomUrlSecret } from "../lib/secrets";

/** Hours between two flood summaries: the dealer gets at most one email a day about enquiries past the caps. */
const SUMMARY_EVERY_MS = 24 * 60 * 60_000;

const encoder = new TextEncoder();

/** The address key (made now, 256 random bits, if there is none yet; concurrent callers get the same one). */
async function addressKey(db: D1Database): Promise<CryptoKey> {
  const row = await db
    .prepare(
      `INSERT INTO enquiry_guard (id, address_key) VALUES (1, ?1)
       ON CONFLICT (id) DO UPDATE SET id = id RETURNING address_key`,
    )
    .bind(randomUrlSecret())
    .first<{ address_key: string }>();
  return crypto.subtle.importKey("raw", encoder.encode(row!.address_key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** The keyed hashes (HMAC-SHA-256, hex) of a client's address key and of its network (null where it has none). */
export async function addressHashes(
  db: D1Database,
  client: string,
  network: string | null,
): Promise<{ client: string; network: string | null }> {
  const key = await addressKey(db);
  const hash = async (text: string) =>
    [...new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { client: await hash(client), network: network === null ? null : await hash(network) };
}

/**
 * Claims the flood summary email: true (and the time recorded) when none went out in the last day, false otherwise, so
 * of many enquiries past the caps at once only one sends it.
 */
export async function claimFloodSummary(db: D1Database, now = Date.now()): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO enquiry_guard (id, address_key, summary_sent_at) VALUES (1, ?1, ?2)
       ON CONFLICT (id) DO UPDATE SET summary_sent_at = excluded.summary_sent_at
       WHERE summary_sent_at IS NULL OR summary_sent_at <= ?3
       RETURNING id`,
    )
    .bind(randomUrlSecret(), new Date(now).toISOString(), new Date(now - SUMMARY_EVERY_MS).toISOString())
    .first();
  return row !== null;
}
