import { notFound, validationError } from "../errors.ts";
import type { Store, StoredDatabase, StoredPage, StoredPlainPage } from "../store-types.ts";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Normalises an id given with or without dashes; a missing or malformed id is Notion's 400 validation_error. */
export function normaliseId(id: string | undefined, name: string): string {
  if (id === undefined) throw validationError(`path failed validation: path.${name} should be defined, instead was \`undefined\`.`);
  const decoded = decodeURIComponent(id);
  if (!UUID.test(decoded))
    throw validationError(`path failed validation: path.${name} should be a valid uuid, instead was \`"${decoded}"\`.`);
  const hex = decoded.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The database with this id, or 404 object_not_found. */
export function findDatabase(store: Store, raw: string | undefined): StoredDatabase {
  const id = normaliseId(raw, "database_id");
  const db = store.databases.find((d) => d.id === id);
  if (!db) throw notFound(id, "database");
  return db;
}

/** The database owning this data source id, or 404 object_not_found. */
export function findDataSource(store: Store, raw: string | undefined): StoredDatabase {
  const id = normaliseId(raw, "data_source_id");
  const db = store.databases.find((d) => d.dataSourceId === id);
  if (!db) throw notFound(id, "data_source");
  return db;
}

/** The page with this id, or 404 object_not_found. */
export function findPage(store: Store, raw: string | undefined): StoredPage {
  const id = normaliseId(raw, "page_id");
  const page = store.pages.get(id);
  if (!page) throw notFound(id, "page");
  return page;
}

/** The page with this id, a database row or a page outside any database, or 404 object_not_found. */
export function findAnyPage(store: Store, raw: string | undefined): StoredPage | StoredPlainPage {
  const id = normaliseId(raw, "page_id");
  const page = store.pages.get(id) ?? store.plainPages.get(id);
  if (!page) throw notFound(id, "page");
  return page;
}
