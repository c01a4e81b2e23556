/**
 * The public API's answers, each described once: the worker answers exactly these shapes (worker/routes/
 * public-contract.worker.test.ts parses every public route's answer with them, an unknown field failing), the site
 * parses what it reads with them, and the types below are what they infer.
 */
import * as z from "zod/mini";
import { CATEGORIES, type CategoryId } from "./categories.ts";
import { isListField } from "./notion-layout.ts";
import { RichTextPieceSchema } from "./rich-text.ts";

const text = z.nullable(z.string());

/** `GET /api/content/{key}`: a Site Content block; `id` is its key, `content` its plain text, `richText` its pieces. */
export const ContentBlockSchema = z.object({
  id: z.string(),
  type: z.enum(["rich_text", "image", "image_file", "text"]),
  content: text,
  richText: z.array(RichTextPieceSchema),
  title: text,
  imageUrl: text,
});

/** A managed content block (Site Content database). */
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

/** `GET /api/images/{key}`: an Images record; `id` is its key. */
export const ImageRecordSchema = z.object({ id: z.string(), imageUrl: text, altText: text, title: text });

/** An image record (Images database). */
export type ImageRecord = z.infer<typeof ImageRecordSchema>;

/** What the site accepts from the image endpoint: one record, or a list of records searched by id. */
export const ImageResponseSchema = z.union([z.array(ImageRecordSchema), ImageRecordSchema]);

/** `GET /api/page-description/{section}`: the description's plain text and its pieces. */
export const PageDescriptionSchema = z.object({ section: z.string(), description: text, richText: z.array(RichTextPieceSchema) });

/** A section description (Page Descriptions database). */
export type PageDescription = z.infer<typeof PageDescriptionSchema>;

/** `GET /api/page-headers/{pageId}`: `id` is the Notion page id, `pageId` the site page it belongs to. */
export const PageHeaderSchema = z.object({ id: z.string(), pageId: z.string(), title: text, iconType: text });

/** A page header (Page Headers database). */
export type PageHeader = z.infer<typeof PageHeaderSchema>;

/** One post (Posts database): `content` is Markdown, `createdTime` when its Notion page was created (ISO 8601, null when unknown). */
const PostSchema = z.object({
  id: z.string(),
  title: text,
  section: z.string(),
  content: z.string(),
  imageUrl: text,
  displayOrder: z.nullable(z.number()),
  createdTime: text,
});

/** A post (Posts database). */
export type Post = z.infer<typeof PostSchema>;

/** `GET /api/posts/section/{section}`: the section's posts by ascending display order. */
export const PostsSchema = z.array(PostSchema);

/** The fields every catalogue item has, whatever its category. */
const COMMON_ITEM_FIELDS = {
  id: z.string(),
  title: text,
  description: text,
  /** The description's rich text pieces (formatting and links); empty when there is no description. */
  descriptionRichText: z.array(RichTextPieceSchema),
  manufacturer: text,
  year: z.nullable(z.number()),
  mainImageUrl: text,
  additionalImageUrls: z.array(z.string()),
  forSale: z.boolean(),
  price: z.nullable(z.number()),
  condition: text,
};

/** The name of a field particular to some category (`denomination`, `partType`...). */
type CategoryField = (typeof CATEGORIES)[number]["fields"][number];

/** A category-specific value: text or a number as Notion holds it (null when blank), or a list (files, multi-select). */
type CategoryValue = string | number | null | string[];

/** An item of one category: the common fields plus exactly that category's own (each list field a list, the rest text or a number). */
function categoryItemSchema(category: (typeof CATEGORIES)[number]) {
  const own = Object.fromEntries(
    category.fields.map((field) => [field, isListField(field) ? z.array(z.string()) : z.union([z.string(), z.number(), z.null()])]),
    // Typed as optional: which of these fields an item has depends on its category, which the parse checks.
  ) as unknown as Record<CategoryField, z.ZodMiniOptional<z.ZodMiniType<CategoryValue>>>;
  return z.object({ ...own, ...COMMON_ITEM_FIELDS, category: z.literal(category.id as CategoryId) });
}

type CategoryItemSchema = ReturnType<typeof categoryItemSchema>;

/** A catalogue item as listings answer it: the common fields and its category's own fields (present, possibly null), no other. */
export const ItemSchema = z.discriminatedUnion(
  "category",
  CATEGORIES.map(categoryItemSchema) as [CategoryItemSchema, ...CategoryItemSchema[]],
);

/** A catalogue item; its category-specific fields are read by name. */
export type Item = z.infer<typeof ItemSchema>;

/** `GET /api/collection/{category}/{id}`: the item plus its Notion page's body as Markdown (null until read). */
export const ItemDetailSchema = z.intersection(ItemSchema, z.object({ longDescription: text }));

/** A catalogue item as the item endpoint answers it. */
export type ItemDetail = z.infer<typeof ItemDetailSchema>;

/** One option of a category-specific filter. */
const FilterOptionSchema = z.object({ value: z.string(), label: z.string() });

/** One option of a category-specific filter. */
export type FilterOption = z.infer<typeof FilterOptionSchema>;

/** Filter choices computed from a view's data. */
export const FilterOptionsSchema = z.object({
  manufacturers: z.array(z.string()),
  yearRange: z.tuple([z.number(), z.number()]),
  denominations: z.array(z.string()),
  additionalFilters: z.object({
    gameTypes: z.array(FilterOptionSchema),
    productCategories: z.array(FilterOptionSchema),
    stimulatorTypes: z.array(FilterOptionSchema),
    adTypes: z.array(FilterOptionSchema),
    partTypes: z.array(FilterOptionSchema),
  }),
});

/** Filter choices computed from a category's data. */
export type FilterOptions = z.infer<typeof FilterOptionsSchema>;

/** `GET /api/collection/{category}` (and its gallery and for-sale views): a page of items, its pagination and the view's filter choices. */
export const ListingSchema = z.object({
  items: z.array(ItemSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), totalPages: z.number(), totalItems: z.number() }),
  total: z.number(),
  filter_options: FilterOptionsSchema,
});

/** A page of a collection listing. */
export type Listing = z.infer<typeof ListingSchema>;

const pixels = z.number().check(z.positive(), z.maximum(1_000_000));

/** An image's pixel size. */
const ImageSizeSchema = z.object({ width: pixels, height: pixels });

/** An item of the build's bulk read: the item endpoint's answer plus when its Notion page was created and last edited (ISO 8601, null when unknown). */
const CatalogueItemSchema = z.intersection(ItemDetailSchema, z.object({ createdTime: text, lastEditedTime: text }));

/** An item as the build reads it. */
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

/**
 * `GET /api/build/catalogue/{category}`: up to 500 items in id order, the id to read on from (null after the last),
 * and the known pixel sizes of their copied images by `/media/...` URL (an image missing from it is probed).
 */
export const CataloguePageSchema = z.object({
  items: z.array(CatalogueItemSchema),
  next: z.nullable(z.string()),
  imageSizes: z.record(z.string(), ImageSizeSchema),
});

/** `GET /api/build/catalogue/{category}` answer. */
export type CataloguePage = z.infer<typeof CataloguePageSchema>;

/**
 * `GET /api/build/status` answer: whether any category of the catalogue was ever published by a sync (its table
 * exists). False is the explicit "nothing ever published" the first build of a new site shows its first-run note for.
 */
export const CatalogueStatusSchema = z.object({ published: z.boolean() });

/** `GET /api/build/status` answer. */
export type CatalogueStatus = z.infer<typeof CatalogueStatusSchema>;

/**
 * `GET /api/build/confirmed-removals`: the catalogue categories from which the operator confirmed a sync's removal of
 * more than half the items, with when it was carried out (the build's shrink guard lets those categories shrink).
 */
export const ConfirmedRemovalsSchema = z.object({
  removals: z.array(z.object({ category: z.string(), appliedAt: z.string() })),
});

/** `GET /api/build/confirmed-removals` answer. */
export type ConfirmedRemovals = z.infer<typeof ConfirmedRemovalsSchema>;

/** `{ error }` body of every failed API call. */
export const ApiErrorSchema = z.object({ error: z.string() });

/** `{ error }` body of every failed API call. */
export type ApiError = z.infer<typeof ApiErrorSchema>;
