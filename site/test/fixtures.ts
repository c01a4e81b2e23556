/** Test data in the exact shapes of the public API's answers, from only the fields a test cares about. */
import { findCategory } from "#contract/categories";
import { isListField } from "#contract/notion-layout";
import type { CatalogueItem, ContentBlock, ItemDetail } from "#contract/public-api";
import { fullAnnotations, type Annotations, type RichTextPiece } from "#contract/rich-text";
import type { SiteItem } from "../lib/item-model";

/** What a test gives of a piece: its text, and any link or style. */
export type PieceFields = Partial<Omit<RichTextPiece, "annotations">> & { annotations?: Partial<Annotations> };

/** A rich-text piece: the text given (else empty), no link and no style unless given. */
export function testPiece({ annotations = {}, ...fields }: PieceFields): RichTextPiece {
  return { type: "text", plain_text: "", href: null, ...fields, annotations: fullAnnotations(annotations) };
}

/** Rich-text pieces from what a test gives of each. */
const testPieces = (pieces: PieceFields[]): RichTextPiece[] => pieces.map(testPiece);

/** A content block: the fields given, the rest empty (a `text` block with no content). */
export function testBlock({
  richText = [],
  ...fields
}: Omit<Partial<ContentBlock>, "richText"> & { richText?: PieceFields[] }): ContentBlock {
  return { id: "block", type: "text", content: null, title: null, imageUrl: null, ...fields, richText: testPieces(richText) };
}

type ItemFields = Omit<Partial<SiteItem>, "descriptionRichText"> &
  Pick<SiteItem, "id" | "category"> & { descriptionRichText?: PieceFields[] };

/**
 * A catalogue item: the fields given, the rest as the API answers an empty one (its category's own fields null or an
 * empty list, the description's pieces its plain text).
 */
export function testItem({ descriptionRichText, ...fields }: ItemFields): SiteItem {
  const description = fields.description ?? null;
  const own = (findCategory(fields.category)?.fields ?? []).map((field) => [field, isListField(field) ? [] : null]);
  return {
    ...Object.fromEntries(own),
    title: null,
    manufacturer: null,
    year: null,
    mainImageUrl: null,
    additionalImageUrls: [],
    forSale: false,
    price: null,
    condition: null,
    ...fields,
    description,
    descriptionRichText: descriptionRichText
      ? testPieces(descriptionRichText)
      : testPieces(description === null ? [] : [{ plain_text: description }]),
  };
}

/** The item endpoint's answer: testItem's item and its page body (none unless given). */
export function testItemDetail(fields: ItemFields & { longDescription?: string | null }): ItemDetail {
  return { ...testItem(fields), longDescription: fields.longDescription ?? null };
}

/** An item of the build's bulk read: testItemDetail's answer and its page's times (unknown unless given). */
export function testCatalogueItem(fields: ItemFields & { createdTime?: string | null; lastEditedTime?: string | null }): CatalogueItem {
  return { ...testItemDetail(fields), createdTime: fields.createdTime ?? null, lastEditedTime: fields.lastEditedTime ?? null };
}
