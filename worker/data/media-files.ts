/** The `media_files` table: keys of the files the sync copied into R2, the only ones `/media` serves, and their pixel sizes. */
import type { Size } from "#contract/image-size";

// D1 binds at most 100 parameters per statement.
const KEYS_PER_STATEMENT = 100;

/** Keys in statements of at most KEYS_PER_STATEMENT parameters each. */
function chunked(keys: string[], size = KEYS_PER_STATEMENT): string[][] {
  const chunks: string[][] = [];
  for (let at = 0; at < keys.length; at += size) chunks.push(keys.slice(at, at + size));
  return chunks;
}

const placeholders = (chunk: string[], from = 1) => chunk.map((_, i) => `?${i + from}`).join(", ");

/** A file the sync has just copied into R2 and its pixel size, read from its header (null when it is no known image). */
export type CopiedSize = { key: string; size: Size | null };

/**
 * Records keys the sync copied (or found already copied) into R2, as referenced again, and the size of each file it
 * has just copied (`copied`, among `keys`), in one batch; recording a key twice is harmless.
 */
export async function recordMediaFiles(db: D1Database, keys: string[], copied: CopiedSize[] = []): Promise<void> {
  const statements = chunked(keys).map((chunk) =>
    db
      .prepare(
        `INSERT INTO media_files (key) VALUES ${chunk.map((_, i) => `(?${i + 1})`).join(", ")} ON CONFLICT (key) DO UPDATE SET unreferenced_since = NULL`,
      )
      .bind(...chunk),
  );
  if (copied.length > 0)
    statements.push(
      // One statement for any number of files: the sizes go in as JSON.
      db
        .prepare(
          `UPDATE media_files SET width = json_extract(copy.value, '$[1]'), height = json_extract(copy.value, '$[2]')
           FROM json_each(?1) AS copy WHERE media_files.key = json_extract(copy.value, '$[0]')`,
        )
        .bind(JSON.stringify(copied.map(({ key, size }) => [key, size?.width ?? null, size?.height ?? null]))),
    );
  if (statements.length > 0) await db.batch(statements);
}

/** The recorded pixel size of each of `keys` whose size is known (one query). */
export async function mediaFileSizes(db: D1Database, keys: string[]): Promise<Map<string, Size>> {
  if (keys.length === 0) return new Map();
  const { results } = await db
    .prepare(
      "SELECT key, width, height FROM media_files WHERE width IS NOT NULL AND height IS NOT NULL AND key IN (SELECT value FROM json_each(?1))",
    )
    .bind(JSON.stringify(keys))
    .all<{ key: string; width: number; height: number }>();
  return new Map(results.map((r) => [r.key, { width: r.width, height: r.height }]));
}

/** True when `key` is a file the sync copied into R2. */
export async function isMediaFile(db: D1Database, key: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM media_files WHERE key = ?1").bind(key).first()) !== null;
}

/** Those of `keys` recorded as copied (one query: the list goes in as JSON, so any number fits). */
export async function heldMediaFiles(db: D1Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { results } = await db
    .prepare("SELECT key FROM media_files WHERE key IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(keys))
    .all<{ key: string }>();
  return new Set(results.map((r) => r.key));
}

/** A recorded file and since when no row has referenced it (null while referenced). */
export type MediaFileState = { key: string; unreferenced_since: number | null };

/** Every recorded file with its state (one query; a key is under 1 KB, so 10,000 files are well under a few MB). */
export async function listMediaFiles(db: D1Database): Promise<MediaFileState[]> {
  return (await db.prepare("SELECT key, unreferenced_since FROM media_files").all<MediaFileState>()).results;
}

/** Marks `unreferenced` keys as unreferenced since `now` (keeping an earlier mark) and clears the mark of `referencedAgain`. */
export async function markMediaFiles(db: D1Database, unreferenced: string[], referencedAgain: string[], now: number): Promise<void> {
  const statements = [
    ...chunked(unreferenced, KEYS_PER_STATEMENT - 1).map((chunk) =>
      db
        .prepare(`UPDATE media_files SET unreferenced_since = ?1 WHERE unreferenced_since IS NULL AND key IN (${placeholders(chunk, 2)})`)
        .bind(now, ...chunk),
    ),
    ...chunked(referencedAgain).map((chunk) =>
      db.prepare(`UPDATE media_files SET unreferenced_since = NULL WHERE key IN (${placeholders(chunk)})`).bind(...chunk),
    ),
  ];
  if (statements.length > 0) await db.batch(statements);
}

/** Up to `limit` keys unreferenced since `before` or earlier, oldest first. */
export async function expiredMediaFiles(db: D1Database, before: number, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT key FROM media_files WHERE unreferenced_since IS NOT NULL AND unreferenced_since <= ?1 ORDER BY unreferenced_since, key LIMIT ?2",
    )
    .bind(before, limit)
    .all<{ key: string }>();
  return results.map((r) => r.key);
}

/** Forgets `keys` (their files are gone from R2), in one batch. */
export async function forgetMediaFiles(db: D1Database, keys: string[]): Promise<void> {
  const statements = chunked(keys).map((chunk) =>
    db.prepare(`DELETE FROM media_files WHERE key IN (${placeholders(chunk)})`).bind(...chunk),
  );
  if (statements.length > 0) await db.batch(statements);
}
