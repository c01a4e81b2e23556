/** snake_case of a Notion name: camelCase split, anything but letters and digits becomes `_`. */
export function snakeCase(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** The D1 table for a Notion database title (`Slot Machines` -> `notion_slot_machines`). */
export function tableNameFor(title: string): string {
  return `notion_${snakeCase(title) || "untitled"}`;
}

/** Matching key for property and column names: case-insensitive, ignoring spaces and underscores. */
export function propKey(name: string): string {
  return snakeCase(name).replace(/_/g, "");
}

/** Quotes an identifier for SQLite so no Notion-supplied name ever reaches SQL unquoted. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Columns every `notion_*` table has besides its properties. */
export const SYSTEM_COLUMNS = ["id", "created_time", "last_edited_time", "body_md"] as const;
