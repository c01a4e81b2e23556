import type { DateSpec, FileSpec, Rich, SimpleValue } from "../workspace.ts";
import type { StoredPage, StoredProperty } from "../store-types.ts";
import type { ShapeContext } from "./context.ts";
import { externalUrl, namedFile } from "./file.ts";
import { richText } from "./rich-text.ts";
import { option } from "./schema.ts";
import { personUser } from "./users.ts";

/** A page property value in Notion's shape, `{id, type, [type]: value}`; missing values give Notion's empty value. */
export function propertyValue(p: StoredProperty, page: StoredPage, ctx: ShapeContext) {
  const v = page.values[p.name];
  const value = { id: p.id, type: p.type, [p.type]: valueOf(p, v, page, ctx) };
  return p.type === "relation" ? { ...value, has_more: false } : value;
}

function valueOf(p: StoredProperty, v: SimpleValue | undefined, page: StoredPage, ctx: ShapeContext): unknown {
  const present = v !== undefined && v !== null && v !== "";
  switch (p.type) {
    case "title":
    case "rich_text":
      return richText(present ? (v as Rich) : null);
    case "number":
      return typeof v === "number" ? v : null;
    case "checkbox":
      return v === true;
    case "select":
    case "status":
      return present ? option(p, String(v)) : null;
    case "multi_select":
      return list(v).map((name) => option(p, String(name)));
    case "date":
      return present ? date(v as string | DateSpec) : null;
    case "url":
      return present ? externalUrl(String(v), ctx) : null;
    case "email":
    case "phone_number":
      return present ? String(v) : null;
    case "files":
      return (list(v) as FileSpec[]).map((f) => namedFile(f, ctx));
    case "people":
      return list(v).map((name) => personUser(String(name)));
    case "relation":
      return list(v).map((id) => ({ id: String(id) }));
    case "formula":
      return formula(v);
    case "created_time":
      return page.createdTime;
    case "last_edited_time":
      return page.lastEditedTime;
    case "unique_id":
      return { prefix: p.prefix ?? null, number: typeof v === "number" ? v : page.number };
  }
}

function list(v: SimpleValue | undefined): unknown[] {
  return Array.isArray(v) ? v : [];
}

function date(v: string | DateSpec) {
  const spec = typeof v === "string" ? { start: v } : v;
  return { start: spec.start, end: spec.end ?? null, time_zone: null };
}

function formula(v: SimpleValue | undefined) {
  if (typeof v === "number") return { type: "number", number: v };
  if (typeof v === "boolean") return { type: "boolean", boolean: v };
  if (v && typeof v === "object" && "start" in v) return { type: "date", date: date(v) };
  return { type: "string", string: typeof v === "string" ? v : null };
}
