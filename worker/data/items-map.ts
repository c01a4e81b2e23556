import { findCategory, type CategoryId } from "#contract/categories";
import { isListField, itemProperty } from "#contract/notion-layout";
import type { Item, ItemDetail } from "#contract/public-api";
import { richPieces } from "./rich-text";
import { bool, type Fields, firstUrl, list, num, text } from "./values";

/** The property an item field reads: the workspace layout's (`mainImageUrl` -> `Main Image`). */
export const propertyFor = itemProperty;

/** A category-specific value as stored: text stays text, numbers stay numbers; blank is null. */
function scalar(value: unknown): string | number | null {
  return typeof value === "number" ? value : text(value);
}

/** Row -> Item: the common fields, then the category's own fields (lists parsed from JSON). */
export function toItem(category: CategoryId, fields: Fields): Item {
  const description = text(fields(propertyFor("description")));
  const item: Item = {
    id: text(fields("id")) ?? "",
    category,
    title: text(fields(propertyFor("title"))),
    description,
    descriptionRichText: richPieces(fields(propertyFor("description"), "rich"), description),
    manufacturer: text(fields(propertyFor("manufacturer"))),
    year: num(fields(propertyFor("year"))),
    mainImageUrl: firstUrl(fields(propertyFor("mainImageUrl"))),
    additionalImageUrls: list(fields(propertyFor("additionalImageUrls"))),
    forSale: bool(fields(propertyFor("forSale"))),
    price: num(fields(propertyFor("price"))),
    condition: text(fields(propertyFor("condition"))),
  };
  for (const field of findCategory(category)?.fields ?? []) {
    const raw = fields(propertyFor(field));
    item[field] = isListField(field) ? list(raw) : scalar(raw);
  }
  return item;
}

/** Row -> the item endpoint's answer: the item and its page body as `longDescription`. */
export function toItemDetail(category: CategoryId, fields: Fields): ItemDetail {
  return { ...toItem(category, fields), longDescription: text(fields("body_md")) };
}
