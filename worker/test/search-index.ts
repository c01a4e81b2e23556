import { env } from "cloudflare:test";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import { tableNameFor } from "../tables/naming";
import { searchIndexStatements } from "../sync/mapping/search-index";

/** Refreshes the search index from a category's seeded table with the sync's own statements (columns read from D1). */
export async function indexCategory(category: CategoryId): Promise<void> {
  const databaseTitle = CATEGORIES.find((c) => c.id === category)!.database;
  const tableName = tableNameFor(databaseTitle);
  const { results } = await env.DB.prepare("SELECT name, type FROM pragma_table_info(?1)")
    .bind(tableName)
    .all<{ name: string; type: string }>();
  const columns = results
    .filter((c) => !["id", "created_time", "last_edited_time", "body_md"].includes(c.name))
    .map((c) => ({ property: c.name, column: c.name, type: c.type }));
  await env.DB.batch(
    searchIndexStatements(env.DB, { tableName, databaseTitle, columns, hasBody: results.some((c) => c.name === "body_md") }),
  );
}
