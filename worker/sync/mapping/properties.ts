import type { PropertyValue } from "../../notion/types";
import type { ColumnValue } from "../../tables/schema";

/** Maps a Notion-hosted file URL to the site's own URL for it, or undefined when it was not copied (see copy-files.ts). */
export type SiteUrlFor = (notionUrl: string) => string | undefined;

/** A files-property entry: Notion-hosted (`file`) or `external`. */
export type FileValue = { type?: string; name?: string; file?: { url?: string }; external?: { url?: string } };

type Decoded = string | number | (string | number)[] | null;
type Named = { name?: string | null; id?: string };
type Rich = { plain_text?: string };
type DateValue = { start?: string | null } | null;

/** Converts one Notion property value into its column value per the D1 contract (lists as JSON, empty as NULL). */
export function mapProperty(value: PropertyValue | undefined, siteUrl: SiteUrlFor): ColumnValue {
  const decoded = value ? decode(value, siteUrl) : null;
  if (Array.isArray(decoded)) return decoded.length ? JSON.stringify(decoded) : null;
  return decoded;
}

/** The URL a files entry is stored as: the site's copy for Notion-hosted files, external URLs unchanged. */
function fileUrl(f: FileValue, siteUrl: SiteUrlFor): string | undefined {
  if (f.type === "file" && f.file?.url) return siteUrl(f.file.url);
  if (f.type === "external" && f.external?.url) return f.external.url;
  return undefined;
}

function decode(value: PropertyValue, siteUrl: SiteUrlFor): Decoded {
  const raw = value[value.type];
  switch (value.type) {
    case "title":
    case "rich_text":
      return text((raw as Rich[] | undefined)?.map((r) => r.plain_text ?? "").join(""));
    case "number":
      return num(raw);
    case "checkbox":
      return raw ? 1 : 0;
    case "select":
    case "status":
      return text((raw as Named | null)?.name);
    case "multi_select":
      return list((raw as Named[] | undefined)?.map((o) => o.name));
    case "people":
      return list((raw as Named[] | undefined)?.map((p) => p.name || p.id));
    case "relation":
      return list((raw as Named[] | undefined)?.map((r) => r.id));
    case "files":
      return list((raw as FileValue[] | undefined)?.map((f) => fileUrl(f, siteUrl)));
    case "date":
      return text((raw as DateValue)?.start);
    case "url":
    case "email":
    case "phone_number":
    case "created_time":
    case "last_edited_time":
      return text(raw);
    case "created_by":
    case "last_edited_by":
      return text((raw as Named | null)?.name || (raw as Named | null)?.id);
    case "unique_id":
      return uniqueId(raw as { prefix?: string | null; number?: number | null } | null);
    case "formula":
    case "rollup":
      return result(raw as PropertyValue | null, siteUrl);
    default:
      return other(raw);
  }
}

/** Formula and rollup results: the scalar as text; a rollup array as the list of its items' values. */
function result(v: PropertyValue | null, siteUrl: SiteUrlFor): Decoded {
  if (!v) return null;
  const inner = v[v.type];
  switch (v.type) {
    case "string":
      return text(inner);
    case "number":
      return num(inner) === null ? null : String(inner);
    case "boolean":
      return typeof inner === "boolean" ? String(inner) : null;
    case "date":
      return text((inner as DateValue)?.start);
    case "array":
      return ((inner as PropertyValue[] | undefined) ?? []).flatMap((item) => {
        const d = decode(item, siteUrl);
        return d === null ? [] : Array.isArray(d) ? d : [d];
      });
    default:
      return null;
  }
}

function text(s: unknown): string | null {
  return typeof s === "string" && s !== "" ? s : null;
}

function num(n: unknown): number | null {
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

function list(items: (string | null | undefined)[] | undefined): string[] {
  return (items ?? []).filter((v): v is string => typeof v === "string" && v !== "");
}

function uniqueId(v: { prefix?: string | null; number?: number | null } | null): string | null {
  if (typeof v?.number !== "number") return null;
  return v.prefix ? `${v.prefix}-${v.number}` : String(v.number);
}

/** Any other type: strings and numbers as text, non-empty objects as JSON, nothing as NULL. */
function other(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "string") return text(raw);
  if (typeof raw === "number" || typeof raw === "boolean") return String(raw);
  if (typeof raw === "object" && Object.keys(raw).length === 0) return null;
  return JSON.stringify(raw);
}
