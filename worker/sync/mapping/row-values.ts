import type { PageLike, PropertyValue } from "../../notion/types";
import { propKey } from "../../tables/naming";
import { mapProperty, type FileValue, type SiteUrlFor } from "./properties";
import { storedRichText, type NotionRichTextPiece } from "./rich-text";
import { richColumn, type ColumnSpec, type ColumnValue } from "../../tables/schema";

/** A page's value for a column's property: by exact name, else by the contract's case/space-insensitive match. */
function propertyFor(page: PageLike, property: string): PropertyValue | undefined {
  const props = page.properties ?? {};
  if (props[property]) return props[property];
  const key = propKey(property);
  const match = Object.keys(props).find((name) => propKey(name) === key);
  return match ? props[match] : undefined;
}

/** Notion-hosted files in a page's synced properties, each with the name of the property holding it. */
export function pageFiles(page: PageLike, columns: ColumnSpec[]): (FileValue & { property: string })[] {
  return columns.flatMap((c) => {
    const value = propertyFor(page, c.property);
    if (value?.type !== "files") return [];
    return ((value.files as FileValue[] | undefined) ?? [])
      .filter((f) => f.type === "file" && f.file?.url)
      .map((f) => ({ ...f, property: c.property }));
  });
}

/**
 * A table row in `tableColumns` order: id, times, one value per column (a rich text property's pieces as JSON
 * right after its plain text), then the body when the table has one.
 */
export function rowValues(page: PageLike, columns: ColumnSpec[], siteUrl: SiteUrlFor, body?: string | null): ColumnValue[] {
  const values: ColumnValue[] = [page.id, page.created_time ?? null, page.last_edited_time ?? null];
  for (const c of columns) {
    const value = propertyFor(page, c.property);
    values.push(mapProperty(value, siteUrl));
    if (richColumn(c)) values.push(richValue(value));
  }
  if (body !== undefined) values.push(body);
  return values;
}

/** The `_rich` column's JSON of a title or rich_text value; NULL for any other type (the property changed type). */
function richValue(value: PropertyValue | undefined): ColumnValue {
  if (value?.type !== "title" && value?.type !== "rich_text") return null;
  const pieces = value[value.type];
  return Array.isArray(pieces) ? storedRichText(pieces as NotionRichTextPiece[]) : null;
}
