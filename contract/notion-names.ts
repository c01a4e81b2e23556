/** How Notion names are compared and turned into SQL names: shared by the sync, the workspace check and the setup. */

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

/** Matching key for property and column names: case-insensitive, ignoring spaces and underscores (`Display Order` = `displayOrder`). */
export function propKey(name: string): string {
  return snakeCase(name).replace(/_/g, "");
}

/** Matching key for database titles: case-insensitive, surrounding and repeated whitespace ignored. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}
