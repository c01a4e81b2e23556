/** The `media_files` table: keys of the files the sync copied into R2, the only ones `/media` serves. */

// D1 binds at most 100 parameters per statement.
const KEYS_PER_STATEMENT = 100;

/** Records keys the sync copied (or found already copied) into R2; recording a key twice is harmless. */
export async function recordMediaFiles(db: D1Database, keys: string[]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < keys.length; at += KEYS_PER_STATEMENT) {
    const chunk = keys.slice(at, at + KEYS_PER_STATEMENT);
    statements.push(db.prepare(`INSERT OR IGNORE INTO media_files (key) VALUES ${chunk.map(() => "(?)").join(", ")}`).bind(...chunk));
  }
  if (statements.length > 0) await db.batch(statements);
}

/** True when `key` is a file the sync copied into R2. */
export async function isMediaFile(db: D1Database, key: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM media_files WHERE key = ?1").bind(key).first()) !== null;
}
