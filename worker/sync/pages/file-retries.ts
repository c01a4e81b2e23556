import { APIErrorCode, isNotionClientError } from "@notionhq/client";
import { z } from "zod";
import type { NotionRun } from "../../notion/client";
import type { FileStore } from "../files/copy-files";
import { NotionPage, readNotion } from "../../notion/notion-shapes";
import { pageRow } from "./page-row";
import type { ColumnValue } from "../../tables/schema";
import type { RegistryEntry } from "../../tables/registry";
import type { UnsupportedBlock } from "#contract/sync-runs";
import type { UnpublishedPage } from "../../data/unpublished-pages";
import { publicationOf } from "../mapping/publication";

const RetriedPage = NotionPage.extend({ in_trash: z.boolean().optional(), archived: z.boolean().optional() });

/**
 * Rows of the pages `ids` of `entry`'s table whose files an earlier sync could not copy, read again by id so their
 * files are tried again with fresh links (a page gone or in the trash gives no row; the update's id scan removes it).
 * A draft or held page gives no row either, and is listed in `unpublished`.
 */
export async function retriedRows(
  run: NotionRun,
  files: FileStore,
  entry: RegistryEntry,
  ids: string[],
  unsupported: UnsupportedBlock[],
): Promise<{ rows: ColumnValue[][]; unpublished: UnpublishedPage[] }> {
  const rows: ColumnValue[][] = [];
  const unpublished: UnpublishedPage[] = [];
  for (const id of ids) {
    const page = await readNotion("a page retrieval", RetriedPage, () => run.notion.pages.retrieve({ page_id: id })).catch(
      (err: unknown) => {
        if (isNotionClientError(err) && err.code === APIErrorCode.ObjectNotFound) return null;
        throw err;
      },
    );
    if (!page || page.in_trash || page.archived) continue;
    const state = publicationOf(page, entry);
    if (state === "published") rows.push(await pageRow(run, files, entry, page, unsupported));
    else unpublished.push({ id: page.id, state });
  }
  return { rows, unpublished };
}
