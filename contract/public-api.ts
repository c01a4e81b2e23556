/** Schemas the site parses the public API's answers with: lenient (nullish) where a field may be missing, so the site fills defaults. */
import * as z from "zod/mini";

const text = z.nullish(z.string());

const flag = z.optional(z.boolean());

/** A rich-text piece; only plain_text, href and annotations (with Notion's colour name) are read. */
const RichTextPieceSchema = z.looseObject({
  plain_text: z.optional(z.string()),
  href: text,
  annotations: z.optional(z.looseObject({ bold: flag, italic: flag, strikethrough: flag, underline: flag, code: flag, color: text })),
});

/** `GET /api/content/{key}`. */
export const ContentBlockSchema = z.looseObject({
  type: text,
  content: text,
  richText: z.nullish(z.array(RichTextPieceSchema)),
  title: text,
  imageUrl: text,
});

/** One image record. */
const ImageRecordSchema = z.looseObject({ id: text, imageUrl: text, altText: text, title: text });

/** `GET /api/images/{key}`: one record or a list. */
export const ImageResponseSchema = z.union([z.array(ImageRecordSchema), ImageRecordSchema]);

/** `GET /api/page-description/{section}`. */
export const PageDescriptionSchema = z.looseObject({ description: text, richText: z.nullish(z.array(RichTextPieceSchema)) });

/** `GET /api/page-headers/{pageId}`: title/iconType, or the second reading Title/IconType. */
export const PageHeaderSchema = z.looseObject({ title: text, iconType: text, Title: text, IconType: text });

/** One post. */
const PostSchema = z.looseObject({
  id: z.string(),
  title: text,
  content: text,
  imageUrl: text,
  displayOrder: z.nullish(z.number()),
  createdTime: text,
});

/** `GET /api/posts/section/{section}`. */
export const PostsSchema = z.array(PostSchema);

/** A catalogue item; category fields pass through. */
export const ItemSchema = z.looseObject({
  id: z.string(),
  category: z.string(),
  title: text,
  description: text,
  descriptionRichText: z.nullish(z.array(RichTextPieceSchema)),
  longDescription: text,
  manufacturer: text,
  year: z.nullish(z.number()),
  mainImageUrl: text,
  additionalImageUrls: z.nullish(z.array(z.string())),
  forSale: z.nullish(z.boolean()),
  price: z.nullish(z.number()),
  condition: text,
});

const OptionSchema = z.object({ value: z.string(), label: z.string() });
const options = z.optional(z.array(OptionSchema));

/** filter_options of a listing. */
const FilterOptionsSchema = z.looseObject({
  manufacturers: z.optional(z.array(z.string())),
  yearRange: z.nullish(z.tuple([z.number(), z.number()])),
  denominations: z.optional(z.array(z.string())),
  additionalFilters: z.optional(
    z.looseObject({ gameTypes: options, productCategories: options, stimulatorTypes: options, adTypes: options, partTypes: options }),
  ),
});

/** A listing page: items (or slots, or a list keyed by the category) plus pagination. */
export const ListingSchema = z.looseObject({
  items: z.optional(z.array(ItemSchema)),
  slots: z.optional(z.array(ItemSchema)),
  pagination: z.looseObject({ totalPages: z.number(), totalItems: z.number(), page: z.optional(z.number()) }),
  total: z.optional(z.number()),
  filter_options: z.optional(FilterOptionsSchema),
});

const pixels = z.number().check(z.positive(), z.maximum(1_000_000));

/** An image's pixel size. */
const ImageSizeSchema = z.object({ width: pixels, height: pixels });

/** An item of the build's bulk read: an item plus when its Notion page was created and last edited (ISO 8601, null when unknown). */
const CatalogueItemSchema = z.extend(ItemSchema, { createdTime: text, lastEditedTime: text });

/**
 * `GET /api/build/catalogue/{category}`: up to 500 items, the id to read on from (null after the last), and the known
 * pixel sizes of their copied images by `/media/...` URL (an image missing from it is probed).
 */
export const CataloguePageSchema = z.object({
  items: z.array(CatalogueItemSchema),
  next: z.nullable(z.string()),
  imageSizes: z.record(z.string(), ImageSizeSchema),
});

/** `{ error }` body of every failed API call. */
export const ApiErrorSchema = z.object({ error: z.string() });

/** `{ error }` body of every failed API call. */
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A content block as parsed (fields possibly missing). */
export type RawContentBlock = z.infer<typeof ContentBlockSchema>;
/** An image record as parsed. */
export type RawImageRecord = z.infer<typeof ImageRecordSchema>;
/** A catalogue item as parsed. */
export type RawItem = z.infer<typeof ItemSchema>;
/** A listing page as parsed. */
export type RawListing = z.infer<typeof ListingSchema>;
/** A rich-text piece as parsed. */
export type RichTextPieceData = z.infer<typeof RichTextPieceSchema>;
