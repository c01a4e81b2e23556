/** Files a sync could not copy: listed per run for the history (`sync_run_skipped_files`), and their pages kept for a retry (`file_retry_pages`). */

import type { SkippedFile } from "#contract/sync-runs";

/** Skipped files listed per run (the total still counts every one). */
const SKIPPED_LISTED = 200;

/** Pages whose files failed that one update reads again at most; the rest wait for the next one. */
const RETRY_PAGES_PER_RUN = 100;

/** The statement recording a run's skipped files, or none when every file was copied. */
export function skippedFilesStatement(db: D1Database, runId: number, skipped: SkippedFile[] | undefined): D1PreparedStatement[] {
  if (!skipped?.length) return [];
  return [
    db
      .prepare("INSERT OR REPLACE INTO sync_run_skipped_files (run_id, files, total) VALUES (?1, ?2, ?3)")
      .bind(runId, JSON.stringify(skipped.slice(0, SKIPPED_LISTED)), skipped.length),
  ];
}

/** Forgets the skipped files of runs no longer kept. */
export function pruneSkippedFiles(db: D1Database): D1PreparedStatement {
  return db.prepare("DELETE FROM sync_run_skipped_files WHERE run_id NOT IN (SELECT id FROM sync_runs)");
}

/** Up to `limit` pages of `table` holding a file no sync has copied yet, oldest first. */
export async function pagesToRetry(db: D1Database, table: string, limit = RETRY_PAGES_PER_RUN): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT page_id FROM file_retry_pages WHERE table_name = ?1 ORDER BY rowid LIMIT ?2")
    .bind(table, limit)
    .all<{ page_id: string }>();
  return results.map((r) => r.page_id);
}

/**
 * After pages of `table` were read: those in `read` whose files all copied leave the retry list, those in `failed` join
 * it. `everyPage` (a whole table copied) clears the table's list first, so pages gone meanwhile leave it too.
 */
export function fileRetryStatements(
  db: D1Database,
  table: string,
  read: string[],
  failed: string[],
  everyPage = false,
): D1PreparedStatement[] {
  const failing = new Set(failed);
  return [
    everyPage
      ? db.prepare("DELETE FROM file_retry_pages WHERE table_name = ?1").bind(table)
      : db
          .prepare("DELETE FROM file_retry_pages WHERE table_name = ?1 AND page_id IN (SELECT value FROM json_each(?2))")
          .bind(table, JSON.stringify(read.filter((id) => !failing.has(id)))),
    db
      .prepare("INSERT OR IGNORE INTO file_retry_pages (table_name, page_id) SELECT ?1, value FROM json_each(?2)")
      .bind(table, JSON.stringify([...failing])),
  ];
}

/** `fileRetryStatements` run as one batch. */
export async function settleFileRetries(db: D1Database, table: string, read: string[], failed: string[]): Promise<void> {
  await db.batch(fileRetryStatements(db, table, read, failed));
}
