import { APIErrorCode, isNotionClientError } from "@notionhq/client";
import { z } from "zod";
import { pagesToRetry } from "../data/skipped-files";
import type { NotionRun } from "../notion/client";
import type { FileStore } from "./files";
import { NotionPage, readNotion } from "../notion/notion-shapes";
import { pageRow } from "./page-sync";
import type { ColumnValue } from "../tables/schema";
import type { RegistryEntry } from "../tables/registry";
import type { UnsupportedBlock } from "#contract/sync-runs";

const RetriedPage = NotionPage.extend({ in_trash: z.boolean().optional(), archived: z.boolean().optional() });

/**
 * Rows of the pages of `entry`'s table whose files an earlier sync could not copy (not already read in this run:
 * `skip`), read again by id so their files are tried again with fresh links. `read` is every page looked at, rows or
 * not (a page gone or in the trash leaves the retry list; the update's id scan removes its row).
 */
export async function retriedRows(
  run: NotionRun,
  files: FileStore,
  entry: RegistryEntry,
  skip: Set<string>,
  unsupported: UnsupportedBlock[],
): Promise<{ rows: ColumnValue[][]; read: string[] }> {
  const ids = (await pagesToRetry(files.db, entry.tableName)).filter((id) => !skip.has(id));
  const rows: ColumnValue[][] = [];
  for (const id of ids) {
    const page = await readNotion("a page retrieval", RetriedPage, () => run.notion.pages.retrieve({ page_id: id })).catch((err: unknown) => {
      if (isNotionClientError(err) && err.code === APIErrorCode.ObjectNotFound) return null;
      throw err;
    });
    if (page && !page.in_trash && !page.archived) rows.push(await pageRow(run, files, entry, page, unsupported));
  }
  return { rows, read: ids };
}
