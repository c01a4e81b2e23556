import { findCategory } from "#contract/categories";
import type { SiteItem } from "../../lib/item-model";
import { itemPriceText, type PriceFormat } from "#contract/price-format";

/** One section of the details panel with its label/value rows. */
export type DetailSection = { title: string; rows: { label: string; value: string }[] };

const LABELS: Record<string, string> = {
  denomination: "Denomination",
  serialNumber: "Serial Number",
  cabinetType: "Cabinet Type",
  mechanismType: "Mechanism Type",
  gameType: "Game Type",
  numberOfPlayers: "Number of Players",
  cabinetCondition: "Cabinet Condition",
  partType: "Part Type",
  partNumber: "Part Number",
  compatibleModels: "Compatible Models",
  stimulatorType: "Stimulator Type",
  originalLocation: "Original Location",
  type: "Machine Type",
  productCategory: "Product Category",
  coinMechanism: "Coin Mechanism",
  dimensions: "Dimensions",
  adType: "Ad Type",
  theme: "Theme",
  material: "Material",
  originalBrand: "Original Brand",
  toyType: "Toy Type",
  ageRange: "Age Range",
};

const TYPE_NAMES: Record<string, string> = {
  slots: "Slot Machine",
  parts: "Part",
  arcades: "Arcade Machine",
  "trade-stimulators": "Trade Stimulator",
  vending: "Vending Machine",
  advertising: "Advertising",
  toys: "Toy",
};

/** A field value as display text; empty string when it has no value. */
function displayValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(displayValue).filter(Boolean).join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value).trim();
}

/** The details panel: 'General Information' and '{type} Details', each with only the fields that have values (the price written as `format` says). */
export function detailSections(item: SiteItem, showPrice: boolean, format: PriceFormat): DetailSection[] {
  const general = [
    { label: "Manufacturer", value: displayValue(item.manufacturer) },
    { label: "Year", value: displayValue(item.year) },
    { label: "Condition", value: displayValue(item.condition) },
    { label: "Category", value: findCategory(item.category)?.name ?? "" },
    ...(showPrice ? [{ label: "Price", value: itemPriceText(item.price, format) }] : []),
  ].filter((row) => row.value);
  const fields = findCategory(item.category)?.fields ?? [];
  const specific = fields.map((field) => ({ label: LABELS[field] ?? field, value: displayValue(item[field]) })).filter((row) => row.value);
  const sections: DetailSection[] = [{ title: "General Information", rows: general }];
  if (specific.length) sections.push({ title: `${TYPE_NAMES[item.category] ?? "Item"} Details`, rows: specific });
  return sections.filter((s) => s.rows.length > 0);
}
