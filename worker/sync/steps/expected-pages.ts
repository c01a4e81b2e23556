import { countRows } from "../../tables/page-counts";
import { countDrafts } from "../../data/unpublished-pages";
import { entryFor, listEntries } from "../../tables/registry";
import type { SyncJob } from "./start-sync";
import { logEvent } from "../../lib/log";

/**
 * The pages a sync run expects to read, from what the tables hold as it starts (the record counts and drafts the Tables
 * card shows: a draft has no row but is read all the same): the table's for Sync Data, every registered table's for the
 * full sync, a webhook batch's pages plus those of the tables it copies again. Null when there is nothing to go by (no table synced yet) or the count
 * failed: the run starts anyway and its progress has no end to show.
 */
export async function expectedPages(db: D1Database, job: SyncJob): Promise<number | null> {
  try {
    let tables: string[];
    let pages = 0;
    if (job.kind === "table") tables = [job.entry.tableName];
    else if (job.kind === "full") tables = (await listEntries(db)).map((e) => e.tableName);
    else {
      const entries = job.schemas.length ? await listEntries(db) : [];
      tables = job.schemas.flatMap((id) => entryFor(entries, id)?.tableName ?? []);
      pages = job.pages.length;
    }
    const expected = pages + (tables.length ? (await countRows(db, tables)) + (await countDrafts(db, tables)) : 0);
    return expected > 0 ? expected : null;
  } catch (err) {
    logEvent("sync_expected_failed", { message: "the pages to expect could not be counted", error: err });
    return null;
  }
}
