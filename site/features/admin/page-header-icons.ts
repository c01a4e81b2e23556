/** Icon types a Page Headers row may name (spec section 3). */
export const PAGE_HEADER_ICON_TYPES = [
  "home",
  "shop",
  "gallery",
  "literature",
  "services",
  "news",
  "misc",
  "admin",
  "database",
  "info",
  "refresh",
  "trash",
] as const;
