/** `body_rereads`: catalogue tables whose stored bodies an older renderer wrote, each with how far its re-read has come. */

/** A table queued for its bodies to be read again: the last page id done ("" before the first). */
export type BodyReread = { tableName: string; afterId: string };

/** The first table still queued (by name), or null when none is. */
export async function nextBodyReread(db: D1Database): Promise<BodyReread | null> {
  const row = await db
    .prepare("SELECT table_name, after_id FROM body_rereads ORDER BY table_name LIMIT 1")
    .first<{ table_name: string; after_id: string }>();
  return row ? { tableName: row.table_name, afterId: row.after_id } : null;
}

/** The statement recording that `table`'s pages up to `afterId` were read again. */
export function advanceBodyReread(db: D1Database, table: string, afterId: string): D1PreparedStatement {
  return db.prepare("UPDATE body_rereads SET after_id = ?2 WHERE table_name = ?1").bind(table, afterId);
}

/** Takes `table` off the queue: every page of it was read again (or it holds no bodies to read). */
export function endBodyReread(db: D1Database, table: string): Promise<D1Result> {
  return db.prepare("DELETE FROM body_rereads WHERE table_name = ?1").bind(table).run();
}
