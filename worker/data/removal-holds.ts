/**
 * Removals a sync held back (`removal_holds`, migration 0025): more than half of a table's live items would have left
 * the site at once, so they stay until the operator confirms and a sync of the table takes them off.
 */

/** One table's held removal: what it would take off, and where the operator's confirmation stands. */
export type RemovalHold = {
  tableName: string;
  /** Live rows when the sync held back. */
  live: number;
  /** Rows that would leave: `unpublished` drafts and `gone` pages (deleted, in the trash or moved away). */
  leaving: number;
  unpublished: number;
  gone: number;
  runId: number | null;
  heldAt: string;
  confirmedAt: string | null;
  /** When a confirmed removal was carried out (the site build then lets the category shrink). */
  appliedAt: string | null;
};

/** How many rows a sync would take off one table, and how many of those are drafts. */
export type Leaving = { live: number; leaving: number; unpublished: number };

type Row = {
  table_name: string;
  live: number;
  leaving: number;
  unpublished: number;
  gone: number;
  run_id: number | null;
  held_at: string;
  confirmed_at: string | null;
  applied_at: string | null;
};

const toHold = (r: Row): RemovalHold => ({
  tableName: r.table_name,
  live: r.live,
  leaving: r.leaving,
  unpublished: r.unpublished,
  gone: r.gone,
  runId: r.run_id,
  heldAt: r.held_at,
  confirmedAt: r.confirmed_at,
  appliedAt: r.applied_at,
});

/** The table's hold, or null. */
export async function readHold(db: D1Database, table: string): Promise<RemovalHold | null> {
  const row = await db.prepare("SELECT * FROM removal_holds WHERE table_name = ?1").bind(table).first<Row>();
  return row ? toHold(row) : null;
}

/** Every hold still waiting (not carried out), by table. */
export async function waitingHolds(db: D1Database): Promise<Map<string, RemovalHold>> {
  const { results } = await db.prepare("SELECT * FROM removal_holds WHERE applied_at IS NULL").all<Row>();
  return new Map(results.map((r) => [r.table_name, toHold(r)]));
}

/** Confirmed removals carried out since `since` (ISO time; every one without it), oldest first. */
export async function appliedRemovals(db: D1Database, since?: string): Promise<RemovalHold[]> {
  const { results } = await db
    .prepare("SELECT * FROM removal_holds WHERE applied_at IS NOT NULL AND applied_at > ?1 ORDER BY applied_at")
    .bind(since ?? "")
    .all<Row>();
  return results.map(toHold);
}

/** Records the operator's confirmation of the table's waiting hold; false when none waits. */
export async function confirmHold(db: D1Database, table: string): Promise<boolean> {
  const done = await db
    .prepare("UPDATE removal_holds SET confirmed_at = ?2 WHERE table_name = ?1 AND applied_at IS NULL")
    .bind(table, new Date().toISOString())
    .run();
  return done.meta.changes > 0;
}

/** Whether a removal of `counts.leaving` rows may go ahead: at most half the live rows, or as many as the operator confirmed at most. */
export function removalAllowed(counts: Leaving, hold: RemovalHold | null): "yes" | "confirmed" | "no" {
  if (counts.leaving * 2 <= counts.live) return "yes";
  if (hold?.confirmedAt && !hold.appliedAt && counts.leaving <= hold.leaving) return "confirmed";
  return "no";
}

/** Statement recording (or renewing) the table's hold, unconfirmed, for the counts run `runId` found. */
export function holdStatement(db: D1Database, table: string, counts: Leaving, runId: number): D1PreparedStatement {
  return db
    .prepare(
      "INSERT OR REPLACE INTO removal_holds (table_name, live, leaving, unpublished, gone, run_id, held_at, confirmed_at, applied_at) " +
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, NULL)",
    )
    .bind(table, counts.live, counts.leaving, counts.unpublished, counts.leaving - counts.unpublished, runId, new Date().toISOString());
}

/** Statement marking the table's confirmed hold carried out. */
export function appliedStatement(db: D1Database, table: string): D1PreparedStatement {
  return db
    .prepare("UPDATE removal_holds SET applied_at = ?2 WHERE table_name = ?1 AND applied_at IS NULL")
    .bind(table, new Date().toISOString());
}

/** Statement dropping the table's waiting hold: its removals went ahead within the limit, or nothing leaves any more. */
export function resolvedStatement(db: D1Database, table: string): D1PreparedStatement {
  return db.prepare("DELETE FROM removal_holds WHERE table_name = ?1 AND applied_at IS NULL").bind(table);
}

/** Statement dropping the waiting holds of drafts alone (none gone) of `tables`, whose live rows hold no draft any more. */
export function resolvedDraftHolds(db: D1Database, tables: string[]): D1PreparedStatement {
  return db
    .prepare("DELETE FROM removal_holds WHERE applied_at IS NULL AND gone = 0 AND table_name IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(tables));
}

/** Statement dropping the holds of every table not in `kept` (the schema sync recreates the others empty). */
export function dropHoldsBut(db: D1Database, kept: string[]): D1PreparedStatement {
  return db.prepare("DELETE FROM removal_holds WHERE table_name NOT IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(kept));
}
