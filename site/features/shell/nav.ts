/** The side navigation's entries, in order. */
export const NAV_ENTRIES = [
  { href: "/", label: "Home", icon: "home" },
  { href: "/for-sale", label: "For Sale", icon: "shop" },
  { href: "/gallery/slots", label: "Gallery", icon: "gallery" },
  { href: "/literature", label: "Literature", icon: "literature" },
  { href: "/services", label: "Services", icon: "services" },
  { href: "/news", label: "News", icon: "news" },
  { href: "/miscellaneous", label: "Miscellaneous", icon: "misc" },
  { href: "/admin", label: "Admin Panel", icon: "admin" },
] as const;

const PREFIXES = ["for-sale", "gallery", "literature", "services", "news", "miscellaneous", "admin"];

/** The nav entry active for a path: prefix match on the sections, Home for `/`, none otherwise. */
export function activeNavHref(pathname: string): string | null {
  // Static builds render `/x` as `/x.html` and `/` as `/index.html`.
  const first =
    pathname
      .replace(/(^|\/)index\.html$/, "/")
      .replace(/\.html$/, "")
      .split("/")
      .filter(Boolean)[0] ?? "";
  if (first === "") return "/";
  if (!PREFIXES.includes(first)) return null;
  return NAV_ENTRIES.find((e) => e.href.split("/")[1] === first)?.href ?? null;
}
