import { propKey, snakeCase } from "#contract/notion-names";

export { propKey, snakeCase };

/** The D1 table for a Notion database title (`Slot Machines` -> `notion_slot_machines`). */
export function tableNameFor(title: string): string {
  return `notion_${snakeCase(title) || "untitled"}`;
}

/** Quotes an identifier for SQLite so no Notion-supplied name ever reaches SQL unquoted. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Columns every `notion_*` table has besides its properties. */
export const SYSTEM_COLUMNS = ["id", "created_time", "last_edited_time", "body_md"] as const;
