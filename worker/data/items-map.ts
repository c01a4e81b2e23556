import { findCategory, type CategoryId } from "#contract/categories";
import type { Item } from "#contract/types";
import { richPieces } from "./rich-text";
import { bool, type Fields, firstUrl, list, num, text } from "./values";

/** The Notion property behind an item field that is not simply the field's own name (matched by propKey). */
export const FIELD_PROPERTIES: Record<string, string> = {
  mainImageUrl: "Main Image",
  additionalImageUrls: "Additional Images",
  forSale: "For Sale",
};

/** Item fields holding lists (multi_select or files columns). */
const LIST_FIELDS = new Set(["additionalImageUrls", "compatibleModels"]);

/** The property an item field reads. */
export function propertyFor(field: string): string {
  return FIELD_PROPERTIES[field] ?? field;
}

/** A category-specific value as stored: text stays text, numbers stay numbers; blank is null. */
function scalar(value: unknown): string | number | null {
  return typeof value === "number" ? value : text(value);
}

/** Row -> Item: the common fields, then the category's own fields (lists parsed from JSON); a `detail` item also has its page body as `longDescription`. */
export function toItem(category: CategoryId, fields: Fields, detail = false): Item {
  const description = text(fields("Description"));
  const item: Item = {
    id: text(fields("id")) ?? "",
    category,
    title: text(fields("Title")),
    description,
    descriptionRichText: richPieces(fields("Description", "rich"), description),
    manufacturer: text(fields("Manufacturer")),
    year: num(fields("Year")),
    mainImageUrl: firstUrl(fields(propertyFor("mainImageUrl"))),
    additionalImageUrls: list(fields(propertyFor("additionalImageUrls"))),
    forSale: bool(fields(propertyFor("forSale"))),
    price: num(fields("Price")),
    condition: text(fields("Condition")),
  };
  for (const field of findCategory(category)?.fields ?? []) {
    const raw = fields(propertyFor(field));
    item[field] = LIST_FIELDS.has(field) ? list(raw) : scalar(raw);
  }
  if (detail) item.longDescription = text(fields("body_md"));
  return item;
}
