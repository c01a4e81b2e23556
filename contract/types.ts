import type { CategoryId } from "./categories.ts";
import type { Size } from "./image-size.ts";

/** A rich text piece's styles: Notion's annotations, every one present. */
export type Annotations = { bold: boolean; italic: boolean; strikethrough: boolean; underline: boolean; code: boolean; color: string };

/** Annotations with every field present: an absent style off, an absent colour `default`. */
export function fullAnnotations(
  a: Partial<Record<keyof Annotations, unknown>>,
  color: string = typeof a.color === "string" ? a.color : "default",
): Annotations {
  return { bold: !!a.bold, italic: !!a.italic, strikethrough: !!a.strikethrough, underline: !!a.underline, code: !!a.code, color };
}

/** One piece of Notion rich text as the API hands it out. */
export type RichTextPiece = {
  type: "text";
  plain_text: string;
  href: string | null;
  annotations: Annotations;
};

/** A managed content block (Site Content database). */
export type ContentBlock = {
  id: string;
  type: "rich_text" | "image" | "image_file" | "text";
  content: string | null;
  richText: RichTextPiece[];
  title: string | null;
  imageUrl: string | null;
};

/** An image record (Images database). */
export type ImageRecord = { id: string; imageUrl: string | null; altText: string | null; title: string | null };

/** A section description (Page Descriptions database). */
export type PageDescription = { section: string; description: string | null; richText: RichTextPiece[] };

/** A page header (Page Headers database). */
export type PageHeader = { id: string; pageId: string; title: string | null; iconType: string | null };

/** A post (Posts database); `content` is Markdown. */
export type Post = {
  id: string;
  title: string | null;
  section: string;
  content: string;
  imageUrl: string | null;
  displayOrder: number | null;
  /** When the post's Notion page was created (ISO 8601; null when unknown): the news feed's order. */
  createdTime: string | null;
};

/** A catalogue item; category-specific fields are present (possibly null) for their category only. */
export type Item = {
  id: string;
  category: CategoryId;
  title: string | null;
  description: string | null;
  /** The description's rich text pieces (formatting and links); empty when there is no description. */
  descriptionRichText: RichTextPiece[];
  /** The item page's body as Markdown (detail answers only; null until the page's body has been read). */
  longDescription?: string | null;
  manufacturer: string | null;
  year: number | null;
  mainImageUrl: string | null;
  additionalImageUrls: string[];
  forSale: boolean;
  price: number | null;
  condition: string | null;
  [field: string]: unknown;
};

/** One option of a category-specific filter. */
export type FilterOption = { value: string; label: string };

/** Filter choices computed from a category's data. */
export type FilterOptions = {
  manufacturers: string[];
  yearRange: [number, number];
  denominations: string[];
  additionalFilters: {
    gameTypes: FilterOption[];
    productCategories: FilterOption[];
    stimulatorTypes: FilterOption[];
    adTypes: FilterOption[];
    partTypes: FilterOption[];
  };
};

/** An item as the build reads it: with when its Notion page was created and last edited (ISO 8601; null when unknown). */
export type CatalogueItem = Item & { createdTime: string | null; lastEditedTime: string | null };

/**
 * `GET /api/build/catalogue/{category}` answer: up to 500 items in id order, the id to read on from (null after the last),
 * and the pixel size of each of their images that is a copied file of known size, by its `/media/...` URL.
 */
export type CataloguePage = { items: CatalogueItem[]; next: string | null; imageSizes: Record<string, Size> };

/** A page of a collection listing. */
export type Listing = {
  items: Item[];
  pagination: { page: number; limit: number; totalPages: number; totalItems: number };
  total: number;
  filter_options: FilterOptions;
};
