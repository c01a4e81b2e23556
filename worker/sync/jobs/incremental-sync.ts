import { listingIndexStatements } from "../../data/listing-indexes";
import { quoteIdent } from "../../tables/naming";
import { applyPageChanges } from "../pages/page-changes";
import type { HeldLock } from "../../tables/lock";
import type { ColumnValue } from "../../tables/schema";
import type { RegistryEntry } from "../../tables/registry";
import { tableColumns, type ColumnSpec } from "../../tables/schema";
import { forgetPages, unpublishedPages } from "../../data/unpublished-pages";
import { planRemovals, planStatements, type RemovalPlan } from "./removal-guard";

/** How far before the last sync's start pages are read again: Notion rounds `last_edited_time` down to the minute. */
export const EDIT_OVERLAP_MS = 5 * 60_000;

const sameColumns = (a: ColumnSpec[], b: ColumnSpec[]) =>
  a.length === b.length && a.every((c, i) => c.property === b[i]?.property && c.column === b[i]?.column && c.type === b[i]?.type);

/**
 * Whether `entry`'s table can be brought up to date in place: it was synced before, Notion's current schema still
 * maps to the entry's columns (`current`), and the live table has exactly those columns. Otherwise a full copy is due.
 */
export async function canUpdateInPlace(
  db: D1Database,
  entry: RegistryEntry,
  current: { columns: ColumnSpec[]; hasBody: boolean },
): Promise<boolean> {
  if (!entry.dataSyncedAt || !entry.dataSourceId || entry.hasBody !== current.hasBody || !sameColumns(entry.columns, current.columns))
    return false;
  const { results } = await db.prepare("SELECT name FROM pragma_table_info(?1)").bind(entry.tableName).all<{ name: string }>();
  const live = results.map((r) => r.name);
  const wanted = tableColumns(entry.columns, entry.hasBody);
  return live.length === wanted.length && live.every((name, i) => name === wanted[i]);
}

/**
 * Writes the rows of pages read as edited into the live table (fenced by `lock`: a sync that lost it writes nothing)
 * and tells pages new to it from pages whose edit time moved (those re-read only for the overlap window are neither).
 */
export async function applyEdited(
  db: D1Database,
  entry: RegistryEntry,
  rows: ColumnValue[][],
  lock: HeldLock,
  extra: D1PreparedStatement[] = [],
): Promise<{ added: number; edited: number }> {
  const stored = await storedEditTimes(
    db,
    entry.tableName,
    rows.map((r) => String(r[0])),
  );
  const added = rows.filter((r) => !stored.has(String(r[0]))).length;
  const edited = rows.filter((r) => stored.has(String(r[0])) && stored.get(String(r[0])) !== r[2]).length;
  await applyPageChanges(db, [{ entry, rows }], [], lock, extra);
  return { added, edited };
}

/**
 * Removes the rows of pages not in `present` (Notion's full id list) and of drafts, unless more than half the live rows
 * would leave at once and the operator has not confirmed it (`planRemovals`: then every one stays), forgets the drafts
 * and held pages no longer in Notion, and records `startedAt` as the next watermark. Returns how many rows went, how
 * many the table holds now, and the guard's plan.
 */
export async function removeGone(
  db: D1Database,
  entry: RegistryEntry,
  present: Set<string>,
  startedAt: string,
  lock: HeldLock,
  runId: number,
): Promise<{ removed: number; rows: number; plan: RemovalPlan }> {
  const live = await liveIds(db, entry.tableName);
  const recorded = await unpublishedPages(db, entry.tableName);
  const drafts = live.filter((id) => present.has(id) && recorded.get(id) === "draft");
  const leaving = [...live.filter((id) => !present.has(id)), ...drafts];
  const plan = await planRemovals(db, entry, { live: live.length, leaving: leaving.length, unpublished: drafts.length }, runId);
  const removing = plan.verdict === "no" ? [] : leaving;
  const absent = [...recorded.keys()].filter((id) => !present.has(id));
  await applyPageChanges(db, [], removing, lock, [
    db.prepare("UPDATE sync_tables SET data_synced_at = ? WHERE table_name = ?").bind(startedAt, entry.tableName),
    // A no-op once they exist: a table made before the listing indexes gets them at its next update.
    ...listingIndexStatements(db, entry),
    ...(absent.length ? [forgetPages(db, absent)] : []),
    ...planStatements(db, plan),
  ]);
  return { removed: removing.length, rows: live.length - removing.length, plan };
}

/** Every row id of a live table. */
async function liveIds(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare(`SELECT id FROM ${quoteIdent(table)}`).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The stored `last_edited_time` of each of `ids` the live table holds. */
async function storedEditTimes(db: D1Database, table: string, ids: string[]): Promise<Map<string, unknown>> {
  const { results } = await db
    .prepare(`SELECT id, last_edited_time FROM ${quoteIdent(table)} WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; last_edited_time: unknown }>();
  return new Map(results.map((r) => [r.id, r.last_edited_time]));
}
