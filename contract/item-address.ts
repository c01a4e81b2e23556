/**
 * Item page addresses: `/{gallery|for-sale}/{category}/{slug}-{id}`, the title's words then the Notion id (32 hex
 * digits, no dashes), as Notion builds its own page URLs. The id alone decides the item; the slug only reads well.
 */

/** The two sections an item page lives in. */
export type ItemSection = "gallery" | "for-sale";

/** Longest slug: longer titles are cut at the last whole word that fits. */
export const SLUG_MAX_LENGTH = 60;

// Letters Unicode does not decompose into a base letter and marks.
const FOLDED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
};

/**
 * A title's slug: lowercase ASCII words joined by `-` (diacritics folded, apostrophes dropped, every other run of
 * characters outside a-z and 0-9 a separator), at most SLUG_MAX_LENGTH characters cut at a word; "" when no word is left.
 */
export function itemSlug(title: string | null | undefined): string {
  const words = (title ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøłđðþıħŧŋ]/g, (c) => FOLDED[c] ?? c)
    .replace(/['’ʼ]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words.length <= SLUG_MAX_LENGTH) return words;
  const cut = words.slice(0, SLUG_MAX_LENGTH + 1);
  const lastBreak = cut.lastIndexOf("-");
  // One word longer than the limit is cut inside it: a slug is never empty for a title that has a word.
  return lastBreak > 0 ? cut.slice(0, lastBreak) : words.slice(0, SLUG_MAX_LENGTH);
}

const DASHED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX_ID = /^[0-9a-f]{32}$/;

/** A Notion id as an address writes it: its 32 hex digits, lowercase, without dashes. */
export function compactId(id: string): string {
  return id.replace(/-/g, "").toLowerCase();
}

/** The dashed lowercase form of 32 hex digits (the form the API and the synced rows use). */
function dashedId(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The last segment of an item's address: `{slug}-{id}`, or the id alone when the title has no word. */
export function itemAddress(item: { id: string; title: string | null }): string {
  const slug = itemSlug(item.title);
  return slug ? `${slug}-${compactId(item.id)}` : compactId(item.id);
}

/** The path every item page of a section lies under: `/gallery`, `/for-sale`. */
export const sectionPath = (section: ItemSection) => `/${section}`;

/** An item page's path: `/{section}/{category}/{slug}-{id}`. */
export function itemPagePath(section: ItemSection, item: { id: string; category: string; title: string | null }): string {
  return `${sectionPath(section)}/${item.category}/${itemAddress(item)}`;
}

/** What an address segment names: the item's id (dashed, lowercase) and the slug written before it ("" for none). */
export type ParsedItemAddress = { id: string; slug: string };

/**
 * An item address segment taken apart: `{slug}-{32 hex digits}`, the 32 digits alone, or a dashed Notion id alone (the
 * addresses items had before slugs); null when it ends in no id. The slug is returned as written, for comparison only.
 */
export function parseItemAddress(segment: string): ParsedItemAddress | null {
  const lower = segment.toLowerCase();
  if (DASHED_ID.test(lower)) return { id: lower, slug: "" };
  const hex = lower.slice(-32);
  if (!HEX_ID.test(hex)) return null;
  const rest = segment.slice(0, -32);
  if (rest === "") return { id: dashedId(hex), slug: "" };
  if (!rest.endsWith("-") || rest.length === 1) return null;
  return { id: dashedId(hex), slug: rest.slice(0, -1) };
}
