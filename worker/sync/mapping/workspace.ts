import { NOTION_LAYOUT } from "#contract/notion-layout";
import { tableNameFor } from "../../tables/naming";

/**
 * A database of the workspace contract: its title, D1 table, and whether its pages' bodies are synced (`body_md`).
 * Posts' bodies are read on every sync; catalogue items' (`bodyWhenEdited`) only for pages edited since the last sync,
 * since one request per page would make a full sync of 10,000 items take about an hour.
 */
export type ContractDatabase = { title: string; tableName: string; hasBody: boolean; bodyWhenEdited: boolean };

/** The layout's databases (`NOTION_LAYOUT`): one per catalogue category, then the site-content databases; a body where the layout reads one. */
export const CONTRACT_DATABASES: ContractDatabase[] = NOTION_LAYOUT.map((db) => ({
  title: db.title,
  tableName: tableNameFor(db.title),
  hasBody: db.body !== undefined,
  bodyWhenEdited: db.kind === "catalogue",
}));

/** Whether a table's page bodies are read only for pages edited since its last sync (the catalogue's). */
export function bodyWhenEdited(tableName: string): boolean {
  return CONTRACT_DATABASES.some((d) => d.tableName === tableName && d.bodyWhenEdited);
}
