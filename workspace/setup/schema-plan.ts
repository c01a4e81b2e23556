import type { DataSourceObjectResponse } from "@notionhq/client";
import type { SeenProperty } from "#contract/notion-check";
import type { LayoutDatabase, LayoutProperty } from "#contract/notion-layout";
import { propKey } from "#contract/notion-names";

/** A data source's schema as Notion returns it. */
export type Schema = DataSourceObjectResponse["properties"];

/** A Notion property type, as a schema names it. */
export type PropertyType = Schema[string]["type"];

/** A schema in the workspace check's terms: each property's name, type and, for a select or multi-select, its options. */
export function seenProperties(schema: Schema): SeenProperty[] {
  return Object.values(schema).map((p) => ({
    name: p.name,
    type: p.type,
    options:
      p.type === "select"
        ? p.select.options.map((o) => o.name)
        : p.type === "multi_select"
          ? p.multi_select.options.map((o) => o.name)
          : undefined,
  }));
}

/** A property configuration as `POST /v1/databases` and `PATCH /v1/data_sources` take it. */
export type PropertyConfig = Record<string, unknown>;

const named = (names: readonly string[]) => names.map((name) => ({ name }));

/** The configuration setup gives a layout property: its preferred type, a number's format, a select's options (needed, then suggested). */
function propertyConfig(prop: LayoutProperty): PropertyConfig {
  const type = prop.types[0];
  if (type === undefined) throw new Error(`The layout gives ${prop.name} no Notion type.`);
  switch (type) {
    case "number":
      return { number: { format: prop.format ?? "number" } };
    case "select":
    case "multi_select":
      return { [type]: { options: named([...(prop.options ?? []), ...(prop.suggested ?? [])]) } };
    default:
      return { [type]: {} };
  }
}

/** Every property of a layout database, configured for `POST /v1/databases`' `initial_data_source.properties`. */
export function databaseProperties(db: LayoutDatabase): Record<string, PropertyConfig> {
  return Object.fromEntries(db.properties.map((p) => [p.name, propertyConfig(p)]));
}

/** What setup adds to an existing database: the properties it lacks and the options its selects lack (by property name). */
export type Completion = { properties: Record<string, PropertyConfig>; added: string[]; options: string[] };

/**
 * The additions that bring `schema` up to the layout, renaming and deleting nothing: a missing property (matched as the
 * sync matches: case-insensitive, spaces ignored) is added, except a title (a database has one); a select of the
 * layout's type lacking a needed option gets it, every option it has kept (Notion drops an option left out).
 */
export function completion(db: LayoutDatabase, schema: Schema): Completion {
  const properties: Record<string, PropertyConfig> = {};
  const added: string[] = [];
  const options: string[] = [];
  const existing = Object.values(schema);
  for (const prop of db.properties) {
    const have = existing.find((p) => propKey(p.name) === propKey(prop.name));
    if (!have) {
      if (prop.types.includes("title")) continue;
      properties[prop.name] = propertyConfig(prop);
      added.push(prop.name);
      continue;
    }
    if (have.type !== "select" && have.type !== "multi_select") continue;
    const kept = have.type === "select" ? have.select.options : have.multi_select.options;
    const missing = (prop.options ?? []).filter((o) => !kept.some((k) => k.name === o));
    if (missing.length === 0) continue;
    properties[have.name] = { [have.type]: { options: [...kept.map((k) => ({ id: k.id })), ...named(missing)] } };
    options.push(`${have.name}: ${missing.join(", ")}`);
  }
  return { properties, added, options };
}
