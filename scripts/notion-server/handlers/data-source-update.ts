import type { PropertySpec } from "../../demo-workspace/types.ts";
import { validationError } from "../errors.ts";
import { dataSourceObject } from "../shapes/database.ts";
import { storedProperty } from "../store.ts";
import type { ApiHandler } from "./context.ts";
import { findDataSource } from "./lookup.ts";

/** Property types a schema edit may add (the ones without configuration to speak of). */
const ADDABLE = new Set(["rich_text", "number", "checkbox", "url", "email", "phone_number", "date", "select", "multi_select"]);

/**
 * PATCH /v1/data_sources/{id}: `properties` adds a property (`{"Name": {"rich_text": {}}}`) or removes one (`null`);
 * the title property stays. A webhook subscription hears `data_source.schema_updated`.
 */
export const patchDataSource: ApiHandler = ({ params, body, store, webhooks }) => {
  const db = findDataSource(store, params[0]);
  const properties = body.properties;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) {
    throw validationError("body failed validation: body.properties should be an object.");
  }
  // Every change is checked before any is made, so a refused edit changes nothing.
  const removals: string[] = [];
  const additions: ReturnType<typeof storedProperty>[] = [];
  for (const [name, config] of Object.entries(properties as Record<string, unknown>)) {
    const existing = db.properties.find((p) => p.name === name || p.id === name);
    if (config === null) {
      if (!existing) throw validationError(`${name} is not a property that exists.`);
      if (existing.type === "title") throw validationError("The title property cannot be removed.");
      removals.push(existing.name);
      continue;
    }
    const type = Object.keys(config as object).find((key) => ADDABLE.has(key));
    if (!type) throw validationError(`body failed validation: body.properties.${name} should name one of ${[...ADDABLE].join(", ")}.`);
    if (existing) throw validationError(`${name} already exists; renaming and retyping are not supported here.`);
    additions.push(storedProperty(db.dataSourceId, name, { type } as PropertySpec));
  }
  db.properties = [...db.properties.filter((p) => !removals.includes(p.name)), ...additions];
  db.lastEditedTime = new Date(Math.max(Date.now(), Date.parse(db.lastEditedTime) + 1000)).toISOString();
  webhooks.schemaEdited(db);
  return dataSourceObject(db);
};
