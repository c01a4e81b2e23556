import type { DateSpec, SimpleValue } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { requestFile, type FileRefs } from "./file-refs.ts";
import { atMost, checkOptionName, LIMITS } from "./limits.ts";
import { spansOf } from "./rich-text-input.ts";
import type { StoredPage, StoredProperty } from "./store-types.ts";

type Obj = Record<string, unknown>;

/**
 * Applies a page body (`properties`, `in_trash`/`archived`) of PATCH or POST /v1/pages to a page; bumps last_edited_time.
 * A files value may name a File Upload, re-send a Notion-hosted file as `{type: "file", file: {url}}` (a URL this
 * server issued) or give an external URL; `refs` finds the first two.
 */
export function updatePage(page: StoredPage, body: Obj, now: number, refs: FileRefs) {
  const properties = body.properties;
  if (properties !== undefined && (typeof properties !== "object" || properties === null || Array.isArray(properties))) {
    throw validationError("body failed validation: body.properties should be an object, instead was `" + JSON.stringify(properties) + "`.");
  }
  const updates: [StoredProperty, SimpleValue][] = Object.entries((properties ?? {}) as Obj).map(([key, raw]) => {
    // `title` names the title property whatever it is called, as in Notion.
    const p = page.database.properties.find((x) => x.name === key || x.id === key);
    if (!p) throw validationError(`${key} is not a property that exists.`);
    return [p, toSimple(p, raw, refs)];
  });
  // Every value is checked before anything changes: a refused request leaves the page and its schema as they were.
  for (const [p, value] of updates) {
    if (value === null) delete page.values[p.name];
    else page.values[p.name] = value;
    // Notion adds a new option when a page names one the schema lacks.
    const named = p.type === "select" || p.type === "status" ? [value] : p.type === "multi_select" ? (value as string[] | null) : [];
    for (const name of named ?? [])
      if (typeof name === "string" && !(p.options ?? []).includes(name)) p.options = [...(p.options ?? []), name];
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

function toSimple(p: StoredProperty, raw: unknown, refs: FileRefs): SimpleValue {
  const value = raw && typeof raw === "object" && p.type in (raw as Obj) ? (raw as Obj)[p.type] : raw;
  const at = `body.properties.${p.name}.${p.type}`;
  const bad = () =>
    validationError(`body failed validation: body.properties.${p.name}.${p.type} has an unexpected value \`${JSON.stringify(value)}\`.`);
  if (value === null) return null;
  switch (p.type) {
    case "title":
    case "rich_text":
      if (!Array.isArray(value)) throw bad();
      return spansOf(at, value);
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
      atMost(at, value.length, p.type === "url" ? LIMITS.url : LIMITS.emailOrPhone);
      return value;
    case "select":
    case "status":
      return optionName(`${at}.name`, value as Obj, bad);
    case "multi_select":
      if (!Array.isArray(value)) throw bad();
      atMost(at, value.length, LIMITS.multiSelectOptions);
      return value.map((v, i) => optionName(`${at}[${i}].name`, v as Obj, bad));
    case "date":
      if (typeof (value as Obj).start !== "string") throw bad();
      return { start: (value as DateSpec).start, end: (value as DateSpec).end ?? null };
    case "relation":
      if (!Array.isArray(value)) throw bad();
      atMost(at, value.length, LIMITS.relations);
      return value.map((v) => String((v as Obj).id));
    case "files":
      if (!Array.isArray(value)) throw bad();
      return value.map((f, i) => requestFile(`body.properties.${p.name}.files[${i}]`, f as Obj, refs));
    default:
      throw validationError(`body failed validation: ${p.name} is a ${p.type} property and cannot be updated.`);
  }
}

function optionName(where: string, value: Obj, bad: () => Error): string {
  if (typeof value?.name !== "string") throw bad();
  checkOptionName(where, value.name);
  return value.name;
}
