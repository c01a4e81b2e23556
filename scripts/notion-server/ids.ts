import { createHash } from "node:crypto";

/** A deterministic dashed UUID (version 4 layout) derived from a seed string: same seed, same id. */
export function seededId(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Id of the database with this title. */
export const databaseIdFor = (title: string) => seededId(`database:${title}`);

/** Id of the (single) data source of the database with this title. */
export const dataSourceIdFor = (title: string) => seededId(`data_source:${title}`);

/** Id of a page, from its database title and a key unique within the database (its title by default). */
export const pageIdFor = (databaseTitle: string, key: string) => seededId(`page:${databaseTitle}:${key}`);
