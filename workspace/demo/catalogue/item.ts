import { PUBLISHED_PROPERTY } from "#contract/notion-layout";
import { hosted } from "../blocks.ts";
import type { DemoBlock, DemoFile, DemoPage, Rich, DemoValue } from "../types.ts";

/** A catalogue item in compact form; `main`/`extra` name bundled images (or give FileSpecs). */
export type Item = {
  title: string;
  /** Plain text, or styled spans (bold, italic, links) as the operator formats it in Notion. */
  description: Rich;
  manufacturer?: string;
  year?: number;
  main: string | DemoFile;
  extra?: (string | DemoFile)[];
  forSale?: boolean;
  price?: number;
  condition?: string;
  fields?: Record<string, DemoValue>;
  /** The page's body: the item's long description on its page. */
  body?: DemoBlock[];
  /** A draft: its Published box unticked, so the site never shows it. */
  draft?: true;
};

const file = (f: string | DemoFile): DemoFile => (typeof f === "string" ? hosted(f) : f);

/** The page for a catalogue item: common properties plus its category fields (published unless a draft); absent values stay absent. */
export function itemPage(item: Item): DemoPage {
  const properties: Record<string, DemoValue> = {
    Title: item.title,
    Description: item.description,
    "Main Image": [file(item.main)],
    "For Sale": item.forSale ?? false,
    [PUBLISHED_PROPERTY]: item.draft !== true,
  };
  if (item.manufacturer !== undefined) properties.Manufacturer = item.manufacturer;
  if (item.year !== undefined) properties.Year = item.year;
  if (item.extra?.length) properties["Additional Images"] = item.extra.map(file);
  if (item.price !== undefined) properties.Price = item.price;
  if (item.condition !== undefined) properties.Condition = item.condition;
  return { properties: { ...properties, ...item.fields }, ...(item.body ? { body: item.body } : {}) };
}
