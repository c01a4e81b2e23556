import { itemPagePath } from "#contract/item-address";

/** An absolute URL for a site path or already-absolute address. */
export function absoluteUrl(pathOrUrl: string, site: URL | string): string {
  return new URL(pathOrUrl, site).toString();
}

/** The canonical address of a page path: no query, trailing slash removed (except the root). */
export function canonicalPath(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, "/").replace(/\.html$/, "");
  return clean.length > 1 ? clean.replace(/\/+$/, "") : "/";
}

/** A meta description from free text: whitespace collapsed, cut at about 155 characters on a word boundary. */
export function metaDescription(text: string | null | undefined, fallback: string): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim() || fallback;
  if (clean.length <= 155) return clean;
  return `${clean.slice(0, 152).replace(/\s+\S*$/, "")}…`;
}

/** JSON for a <script type="application/ld+json">, safe against `</script>` in the data. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The one address search engines are given for an item: its for-sale page while it is for sale, else its gallery page. */
export function canonicalItemPath(item: { id: string; category: string; title: string | null; forSale: boolean }): string {
  return itemPagePath(item.forSale ? "for-sale" : "gallery", item);
}
