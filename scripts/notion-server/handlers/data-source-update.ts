import { validationError } from "../errors.ts";
import { plainTextOf } from "../rich-text-input.ts";
import { specFromConfig } from "../schema-config.ts";
import { dataSourceObject } from "../shapes/database.ts";
import { optionId } from "../shapes/schema.ts";
import { storedProperty } from "../store.ts";
import type { StoredDatabase, StoredProperty } from "../store-types.ts";
import type { ApiHandler } from "./context.ts";
import { findDataSource } from "./lookup.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * PATCH /v1/data_sources/{id}: `title` renames the data source; each entry of `properties` adds a property (`{"Name":
 * {"rich_text": {}}}`), changes one's type or configuration (a select's `options` replace its list: an option left out is
 * removed, a new name added), renames one (`{"name": "New"}`) or removes one (`null`: its values go with it, so a
 * property added again under that name starts empty, as in Notion). The title property keeps its type and stays. All or
 * nothing; a webhook subscription hears `data_source.schema_updated`.
 */
export const patchDataSource: ApiHandler = ({ params, body, store, webhooks }) => {
  const db = findDataSource(store, params[0]);
  const title = body.title === undefined ? undefined : plainTextOf("body.title", body.title);
  const properties = body.properties;
  if (properties !== undefined && !isObj(properties)) throw validationError("body failed validation: body.properties should be an object.");
  // Every change is worked out on a copy first, so a refused edit changes nothing.
  const next = db.properties.map((p) => ({ ...p }));
  const renames: [string, string][] = [];
  const removed: string[] = [];
  for (const [key, config] of Object.entries(properties ?? {})) {
    const where = `body.properties.${key}`;
    const existing = next.find((p) => p.name === key || p.id === key);
    if (config === null) {
      if (!existing) throw validationError(`${key} is not a property that exists.`);
      if (existing.type === "title") throw validationError("The title property cannot be removed.");
      next.splice(next.indexOf(existing), 1);
      removed.push(existing.name);
      continue;
    }
    if (!existing) {
      next.push(added(db, where, key, config, next));
      continue;
    }
    const spec = specFromConfig(where, config, existing, (name) => optionId(existing.id, name));
    if (spec && spec.type !== existing.type) {
      if (existing.type === "title") throw validationError("The title property's type cannot be changed.");
      if (spec.type === "title") throw validationError("A data source has one title property; another cannot become one.");
    }
    if (spec) Object.assign(existing, { options: undefined, format: undefined, expression: undefined, prefix: undefined }, spec);
    const name = (config as Obj).name;
    if (typeof name === "string" && name !== existing.name) {
      if (name.trim() === "") throw validationError(`body failed validation: ${where}.name should not be empty.`);
      if (next.some((p) => p !== existing && p.name === name)) throw validationError(`A property named ${name} already exists.`);
      renames.push([existing.name, name]);
      existing.name = name;
    }
  }
  db.properties = next;
  for (const page of db.pages) for (const name of removed) delete page.values[name];
  for (const [from, to] of renames) renameValues(db, from, to);
  if (title !== undefined) db.title = title;
  db.lastEditedTime = new Date(Math.max(Date.now(), Date.parse(db.lastEditedTime) + 1000)).toISOString();
  webhooks.schemaEdited(db);
  return dataSourceObject(db);
};

/** A property to add: its configuration must name a type, and not the title (a data source has one). */
function added(db: StoredDatabase, where: string, key: string, config: unknown, next: StoredProperty[]): StoredProperty {
  const spec = specFromConfig(where, config);
  if (!spec) throw validationError(`body failed validation: ${where} should name a property type to add ${key}.`);
  if (spec.type === "title") throw validationError("A data source has one title property; another cannot be added.");
  const name = typeof (config as Obj).name === "string" ? ((config as Obj).name as string) : key;
  if (next.some((p) => p.name === name)) throw validationError(`A property named ${name} already exists.`);
  return storedProperty(db.dataSourceId, name, spec);
}

/** Pages keep their values under the property's new name. */
function renameValues(db: StoredDatabase, from: string, to: string) {
  for (const page of db.pages) {
    const value = page.values[from];
    if (value === undefined) continue;
    page.values[to] = value;
    delete page.values[from];
  }
}
