import { findCategory, type CategoryId } from "#contract/categories";
import { isListField, itemProperty } from "#contract/notion-layout";
import type { Item, ItemDetail } from "#contract/public-api";
import { richPieces } from "./rich-text";
import { bool, type Fields, firstUrl, list, num, text } from "./values";

/** A category-specific value as stored: text stays text, numbers stay numbers; blank is null. */
function scalar(value: unknown): string | number | null {
  return typeof value === "number" ? value : text(value);
}

/** Row -> Item: the common fields, then the category's own fields (lists parsed from JSON). */
export function toItem(category: CategoryId, fields: Fields): Item {
  const description = text(fields(itemProperty("description")));
  const item: Item = {
    id: text(fields("id")) ?? "",
    category,
    title: text(fields(itemProperty("title"))),
    description,
    descriptionRichText: richPieces(fields(itemProperty("description"), "rich"), description),
    manufacturer: text(fields(itemProperty("manufacturer"))),
    year: num(fields(itemProperty("year"))),
    mainImageUrl: firstUrl(fields(itemProperty("mainImageUrl"))),
    additionalImageUrls: list(fields(itemProperty("additionalImageUrls"))),
    forSale: bool(fields(itemProperty("forSale"))),
    price: num(fields(itemProperty("price"))),
    condition: text(fields(itemProperty("condition"))),
  };
  for (const field of findCategory(category)?.fields ?? []) {
    const raw = fields(itemProperty(field));
    item[field] = isListField(field) ? list(raw) : scalar(raw);
  }
  return item;
}

/** Row -> the item endpoint's answer: the item and its page body as `longDescription`. */
export function toItemDetail(category: CategoryId, fields: Fields): ItemDetail {
  return { ...toItem(category, fields), longDescription: text(fields("body_md")) };
}
