import type { CategoryId } from "#contract/categories";
import type { CataloguePage, Item } from "#contract/public-api";
import type { Size } from "#contract/image-size";
import { isMediaUrl, mediaUrlKey } from "#contract/media-variants";
import { mediaFileSizes } from "./media-files";
import { quoteIdent } from "../tables/naming";
import { withColumns } from "../tables/columns";
import { databaseOf } from "./items";
import { toItemDetail } from "./items-map";
import { fieldsOf, text } from "./values";

/** Items per answer of the build's bulk read: a 10,000-item catalogue in 10,000 / CATALOGUE_PAGE_SIZE requests, each well under D1's limits. */
export const CATALOGUE_PAGE_SIZE = 500;

/** One slice of a category in id order: its items and the id to read on from (null after the last slice). */

/** Every item of `category` with an id after `after` (or from the first), at most CATALOGUE_PAGE_SIZE, in id order (keyset paging stays stable while rows change). */
export function catalogueAfter(db: D1Database, category: CategoryId, after: string | null): Promise<CataloguePage> {
  return withColumns(db, databaseOf(category), async (columns) => {
    const { results } = await db
      .prepare(`SELECT * FROM ${quoteIdent(columns.table)} WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(after ?? "", CATALOGUE_PAGE_SIZE)
      .all<Record<string, unknown>>();
    const items = results.map((row) => ({
      ...toItemDetail(category, fieldsOf(row, columns)),
      createdTime: text(row.created_time),
      lastEditedTime: text(row.last_edited_time),
    }));
    return {
      items,
      next: items.length === CATALOGUE_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null,
      imageSizes: await imageSizesOf(db, items),
    };
  });
}

/** The recorded size of every copied file among the items' images, by its `/media/...` URL (one query for the slice). */
async function imageSizesOf(db: D1Database, items: Item[]): Promise<Record<string, Size>> {
  const urls = new Map(
    items
      .flatMap((item) => [item.mainImageUrl, ...item.additionalImageUrls])
      .filter(isMediaUrl)
      .map((url) => [mediaUrlKey(url), url]),
  );
  const sizes = await mediaFileSizes(db, [...urls.keys()]);
  return Object.fromEntries([...sizes].map(([key, size]) => [urls.get(key)!, size]));
}
