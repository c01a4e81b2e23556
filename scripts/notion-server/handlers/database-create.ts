import { randomUUID } from "node:crypto";
import type { PropertySpec } from "../workspace.ts";
import { validationError } from "../errors.ts";
import { plainTextOf } from "../rich-text-input.ts";
import { specFromConfig } from "../schema-config.ts";
import { databaseObject } from "../shapes/database.ts";
import { addDatabase } from "../store.ts";
import type { ApiHandler } from "./context.ts";
import { findAnyPage, findDatabase } from "./lookup.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * POST /v1/databases (2025-09-03): a database under a page (`parent: {type: "page_id", page_id}`) with `title`,
 * `description` and one data source whose schema is `initial_data_source.properties` (exactly one title property; a
 * database given no properties gets Notion's default title property, Name). It appears among the page's children as a
 * `child_database` block.
 */
export const createDatabase: ApiHandler = ({ body, store }) => {
  const parent = body.parent;
  if (!isObj(parent)) throw validationError("body failed validation: body.parent should be defined, instead was `undefined`.");
  if (parent.type === "workspace" || parent.workspace === true)
    throw validationError("An internal integration cannot create a database at the top level of a workspace: give a page_id parent.");
  if (typeof parent.page_id !== "string")
    throw validationError("body failed validation: body.parent.page_id should be defined, instead was `undefined`.");
  const page = findAnyPage(store, parent.page_id);
  const title = body.title === undefined ? "" : plainTextOf("body.title", body.title);
  const description = body.description === undefined ? "" : plainTextOf("body.description", body.description);
  const initial = body.initial_data_source;
  if (initial !== undefined && !isObj(initial))
    throw validationError("body failed validation: body.initial_data_source should be an object.");
  const given = initial?.properties;
  if (given !== undefined && !isObj(given))
    throw validationError("body failed validation: body.initial_data_source.properties should be an object.");
  const properties: Record<string, PropertySpec> = {};
  for (const [name, config] of Object.entries(given ?? { Name: { title: {} } })) {
    const spec = specFromConfig(`body.initial_data_source.properties.${name}`, config);
    if (!spec) throw validationError(`body failed validation: body.initial_data_source.properties.${name} should name a property type.`);
    properties[name] = spec;
  }
  const titles = Object.values(properties).filter((p) => p.type === "title").length;
  if (titles !== 1) throw validationError(`A data source needs exactly one title property, instead it was given ${titles}.`);
  const db = addDatabase(store, { id: randomUUID(), dataSourceId: randomUUID(), title, description, properties, pages: [] });
  db.parentPageId = page.id;
  db.createdTime = db.lastEditedTime = new Date().toISOString();
  return databaseObject(db);
};

/** PATCH /v1/databases/{id}: `title`, `description` and `in_trash` (a database in the trash leaves search and its page's children). */
export const patchDatabase: ApiHandler = ({ params, body, store }) => {
  const db = findDatabase(store, params[0]);
  const title = body.title === undefined ? undefined : plainTextOf("body.title", body.title);
  const description = body.description === undefined ? undefined : plainTextOf("body.description", body.description);
  const trash = body.in_trash ?? body.archived;
  if (trash !== undefined && typeof trash !== "boolean")
    throw validationError("body failed validation: body.in_trash should be a boolean.");
  if (title !== undefined) db.title = title;
  if (description !== undefined) db.description = description;
  if (trash !== undefined) db.inTrash = trash;
  db.lastEditedTime = new Date(Math.max(Date.now(), Date.parse(db.lastEditedTime) + 1000)).toISOString();
  return databaseObject(db);
};
