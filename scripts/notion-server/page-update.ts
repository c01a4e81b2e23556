import type { DateSpec, FileSpec, SimpleValue, Span } from "../demo-workspace/types.ts";
import { validationError } from "./errors.ts";
import type { StoredPage, StoredProperty } from "./store-types.ts";

type Obj = Record<string, unknown>;

/** The stored file a URL of this server's `/files/...` names, as a page's file value; undefined for any other URL. */
export type HostedFileLookup = (url: string) => FileSpec | undefined;

/**
 * Applies a PATCH /v1/pages body (`properties`, `in_trash`/`archived`) to a page; bumps last_edited_time. A files
 * value may re-send a Notion-hosted file as `{type: "file", file: {url}}` (a URL this server issued, found by `hosted`).
 */
export function updatePage(page: StoredPage, body: Obj, now = Date.now(), hosted: HostedFileLookup = () => undefined) {
  const properties = body.properties;
  if (properties !== undefined && (typeof properties !== "object" || properties === null || Array.isArray(properties))) {
    throw validationError("body failed validation: body.properties should be an object, instead was `" + JSON.stringify(properties) + "`.");
  }
  const updates: [StoredProperty, SimpleValue][] = Object.entries((properties ?? {}) as Obj).map(([key, raw]) => {
    const p = page.database.properties.find((x) => x.name === key || x.id === key);
    if (!p) throw validationError(`${key} is not a property that exists.`);
    return [p, toSimple(p, raw, hosted)];
  });
  for (const [p, value] of updates) {
    if (value === null) delete page.values[p.name];
    else page.values[p.name] = value;
  }
  const trash = body.in_trash ?? body.archived;
  if (typeof trash === "boolean") page.inTrash = trash;
  page.lastEditedTime = nextEditTime(page.lastEditedTime, now);
  if (page.lastEditedTime > page.database.lastEditedTime) page.database.lastEditedTime = page.lastEditedTime;
}

/** Now at second precision, but always later than the previous edit so every edit is visible. */
function nextEditTime(previous: string, now: number): string {
  const candidate = Math.floor(now / 1000) * 1000;
  const prev = Date.parse(previous);
  return new Date(candidate > prev ? candidate : prev + 1000).toISOString();
}

function toSimple(p: StoredProperty, raw: unknown, hosted: HostedFileLookup): SimpleValue {
  const value = raw && typeof raw === "object" && p.type in (raw as Obj) ? (raw as Obj)[p.type] : raw;
  const bad = () =>
    validationError(`body failed validation: body.properties.${p.name}.${p.type} has an unexpected value \`${JSON.stringify(value)}\`.`);
  if (value === null) return null;
  switch (p.type) {
    case "title":
    case "rich_text":
      if (!Array.isArray(value)) throw bad();
      return value.map((item) => span(item as Obj));
    case "number":
      if (typeof value !== "number") throw bad();
      return value;
    case "checkbox":
      if (typeof value !== "boolean") throw bad();
      return value;
    case "url":
    case "email":
    case "phone_number":
      if (typeof value !== "string") throw bad();
      return value;
    case "select":
    case "status":
      return optionName(p, value as Obj, bad);
    case "multi_select":
      if (!Array.isArray(value)) throw bad();
      return value.map((v) => optionName(p, v as Obj, bad));
    case "date":
      if (typeof (value as Obj).start !== "string") throw bad();
      return { start: (value as DateSpec).start, end: (value as DateSpec).end ?? null };
    case "relation":
      if (!Array.isArray(value)) throw bad();
      return value.map((v) => String((v as Obj).id));
    case "files":
      if (!Array.isArray(value)) throw bad();
      return value.map((f) => hostedFile(f as Obj, hosted) ?? externalFile(f as Obj, bad));
    default:
      throw validationError(`body failed validation: ${p.name} is a ${p.type} property and cannot be updated.`);
  }
}

function span(item: Obj): Span {
  const text = (item.text ?? {}) as Obj;
  const a = (item.annotations ?? {}) as Obj;
  const link = (text.link as Obj | null | undefined)?.url;
  return {
    text: String(text.content ?? item.plain_text ?? ""),
    ...(a.bold ? { bold: true } : {}),
    ...(a.italic ? { italic: true } : {}),
    ...(a.strikethrough ? { strikethrough: true } : {}),
    ...(a.underline ? { underline: true } : {}),
    ...(a.code ? { code: true } : {}),
    ...(a.color && a.color !== "default" ? { color: String(a.color) } : {}),
    ...(typeof link === "string" ? { link } : {}),
  };
}

function optionName(p: StoredProperty, value: Obj, bad: () => Error): string {
  if (typeof value?.name === "string") {
    // Notion adds a new option when a page names one the schema lacks.
    if (!(p.options ?? []).includes(value.name)) p.options = [...(p.options ?? []), value.name];
    return value.name;
  }
  throw bad();
}

function hostedFile(f: Obj, hosted: HostedFileLookup): FileSpec | undefined {
  const url = (f.file as Obj | undefined)?.url;
  return typeof url === "string" ? hosted(url) : undefined;
}

function externalFile(f: Obj, bad: () => Error): FileSpec {
  const url = (f.external as Obj | undefined)?.url;
  if (typeof url !== "string") throw bad();
  return { external: url, ...(typeof f.name === "string" ? { name: f.name } : {}) };
}
