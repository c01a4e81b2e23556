import { CATEGORIES, CONTENT_DATABASES } from "../domain/categories";
import { tableNameFor } from "./naming";

/** A database of the workspace contract: its title, D1 table, and whether its pages' bodies are synced. */
export type ContractDatabase = { title: string; tableName: string; hasBody: boolean };

/** The contract's 12 databases: one per catalogue category, then the site-content databases. */
export const CONTRACT_DATABASES: ContractDatabase[] = [...CATEGORIES.map((c) => c.database), ...CONTENT_DATABASES].map((title) => ({
  title,
  tableName: tableNameFor(title),
  hasBody: title === "Posts",
}));

/** Title comparison key: case-insensitive, surrounding and repeated whitespace ignored. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}
