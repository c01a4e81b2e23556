/**
 * The pages the sync keeps off the site or as last synced (`unpublished_pages`, migration 0025): drafts and held
 * pages, by id and table. Their rows are never written, so this is where the admin panel counts them.
 */

/** A page the sync did not write as read: a draft (Published unticked) or a held page (Hold Changes ticked). */
export type UnpublishedPage = { id: string; state: "draft" | "held" };

/** Drafts and held pages of one table. */
export type UnpublishedCounts = { drafts: number; held: number };

/**
 * Statements recording what a run read of `table`: each of `unpublished` in its state (seen by `runId`), and each of
 * `published` forgotten, in whatever table it was recorded (a page id is one page, wherever it moved).
 */
export function recordPublication(
  db: D1Database,
  table: string,
  runId: number,
  unpublished: UnpublishedPage[],
  published: string[],
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const forget = [...published, ...unpublished.map((p) => p.id)];
  if (forget.length)
    statements.push(
      db.prepare("DELETE FROM unpublished_pages WHERE page_id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(forget)),
    );
  if (unpublished.length)
    statements.push(
      db
        .prepare(
          "INSERT INTO unpublished_pages (table_name, page_id, state, run_id) " +
            "SELECT ?1, json_extract(value, '$.id'), json_extract(value, '$.state'), ?2 FROM json_each(?3)",
        )
        .bind(table, runId, JSON.stringify(unpublished)),
    );
  return statements;
}

/** Statement forgetting the pages of `table` that run `runId` did not see (a whole-table copy sees every page). */
export function forgetUnseen(db: D1Database, table: string, runId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM unpublished_pages WHERE table_name = ?1 AND run_id <> ?2").bind(table, runId);
}

/** Statement forgetting `ids` wherever they are recorded (pages deleted, trashed or moved out of every synced table). */
export function forgetPages(db: D1Database, ids: string[]): D1PreparedStatement {
  return db.prepare("DELETE FROM unpublished_pages WHERE page_id IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(ids));
}

/** Statement forgetting every page of the tables not in `kept` (the schema sync recreates the others empty). */
export function forgetTablesBut(db: D1Database, kept: string[]): D1PreparedStatement {
  return db.prepare("DELETE FROM unpublished_pages WHERE table_name NOT IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(kept));
}

/** The recorded pages of `table`, by id. */
export async function unpublishedPages(db: D1Database, table: string): Promise<Map<string, UnpublishedPage["state"]>> {
  const { results } = await db
    .prepare("SELECT page_id, state FROM unpublished_pages WHERE table_name = ?1")
    .bind(table)
    .all<{ page_id: string; state: UnpublishedPage["state"] }>();
  return new Map(results.map((r) => [r.page_id, r.state]));
}

/** Drafts and held pages per table (tables with none are left out): one query through the primary key. */
export async function unpublishedCounts(db: D1Database): Promise<Map<string, UnpublishedCounts>> {
  const { results } = await db
    .prepare("SELECT table_name, SUM(state = 'draft') AS drafts, SUM(state = 'held') AS held FROM unpublished_pages GROUP BY table_name")
    .all<{ table_name: string; drafts: number; held: number }>();
  return new Map(results.map((r) => [r.table_name, { drafts: r.drafts, held: r.held }]));
}

/** The drafts recorded for `tables`: pages in Notion with no row, which a sync of those tables reads all the same. */
export async function countDrafts(db: D1Database, tables: string[]): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM unpublished_pages WHERE state = 'draft' AND table_name IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(tables))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
