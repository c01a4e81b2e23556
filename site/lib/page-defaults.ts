/** Page ids that have a page header (Page Headers database). */
export type PageId = "home" | "literature" | "services" | "news" | "miscellaneous" | "gallery" | "for-sale" | "admin";

/** Built-in title and icon per page, used when the page header is missing. */
export const PAGE_DEFAULTS: Record<PageId, { title: string; iconType: "info" | "library" | "help" | "image" }> = {
  home: { title: "Welcome to Our Antique Coin-Op Collection", iconType: "info" },
  literature: { title: "Literature & Reference Library", iconType: "library" },
  services: { title: "Restoration Services", iconType: "help" },
  news: { title: "News & Updates", iconType: "info" },
  miscellaneous: { title: "Miscellaneous", iconType: "help" },
  gallery: { title: "Machine Gallery", iconType: "image" },
  "for-sale": { title: "Items For Sale", iconType: "image" },
  admin: { title: "Admin Panel", iconType: "info" },
};

/** A resolved page header: the managed title/icon or the page's defaults. */
export type ResolvedHeader = { title: string; iconType: string };

/** Merges a page header (title/iconType or Title/IconType) over the page's defaults. */
export function resolveHeader(
  pageId: PageId,
  header: { title?: string | null; iconType?: string | null; Title?: string | null; IconType?: string | null } | null,
): ResolvedHeader {
  const fallback = PAGE_DEFAULTS[pageId];
  const title = (header?.title ?? header?.Title ?? "").trim();
  const iconType = (header?.iconType ?? header?.IconType ?? "").trim();
  return { title: title || fallback.title, iconType: iconType || fallback.iconType };
}
