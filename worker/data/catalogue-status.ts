import { CATEGORY_IDS } from "#contract/categories";
import { existingNotionTables } from "../tables/existing-tables";
import { tableNameFor } from "../tables/naming";
import { databaseOf } from "./items";

/**
 * Whether a sync ever published the catalogue: true once any category's table exists (a full copy swaps a table in
 * only when it finished, so a table is there only after a sync wrote it). False on a new site before its first sync.
 */
export async function cataloguePublished(db: D1Database): Promise<boolean> {
  const tables = new Set(await existingNotionTables(db));
  return CATEGORY_IDS.some((category) => tables.has(tableNameFor(databaseOf(category))));
}
