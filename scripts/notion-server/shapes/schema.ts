import { createHash } from "node:crypto";
import type { StoredProperty } from "../store-types.ts";

const COLORS = ["default", "gray", "brown", "orange", "yellow", "green", "blue", "purple", "pink", "red"] as const;

/** A Notion-like select option id: short, derived from property and option name. */
export function optionId(propertyId: string, name: string): string {
  return createHash("sha256").update(`${propertyId}:${name}`).digest("base64url").slice(0, 4);
}

/** A select option in Notion's shape; colours cycle by position. */
export function option(property: StoredProperty, name: string) {
  const index = Math.max(0, (property.options ?? []).indexOf(name));
  return { id: optionId(property.id, name), name, color: COLORS[index % COLORS.length] };
}

/** One property of a data source schema in Notion's shape. */
export function propertySchema(p: StoredProperty) {
  const base = { id: p.id, name: p.name, description: null, type: p.type };
  const options = () => (p.options ?? []).map((name) => ({ ...option(p, name), description: null }));
  switch (p.type) {
    case "number":
      return { ...base, number: { format: p.format ?? "number" } };
    case "select":
    case "multi_select":
      return { ...base, [p.type]: { options: options() } };
    case "status": {
      const opts = options();
      return {
        ...base,
        status: {
          options: opts,
          groups: [{ id: optionId(p.id, "group:all"), name: "All", color: "gray", option_ids: opts.map((o) => o.id) }],
        },
      };
    }
    case "formula":
      return { ...base, formula: { expression: p.expression ?? "" } };
    case "unique_id":
      return { ...base, unique_id: { prefix: p.prefix ?? null } };
    case "relation":
      return { ...base, relation: { ...p.relation, type: "single_property", single_property: {} } };
    default:
      return { ...base, [p.type]: {} };
  }
}
