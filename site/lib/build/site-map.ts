import { CATEGORY_IDS } from "#contract/categories";
import { CONTENT_SECTIONS, ROUTED_CATEGORIES } from "../routes";
import { allItems } from "./catalogue";

/** Every public page path of the build (no admin, no 404), item pages included. */
export async function publicPaths(): Promise<string[]> {
  const paths = ["/", ...CONTENT_SECTIONS.map((s) => `/${s}`), "/gallery", "/for-sale", ...ROUTED_CATEGORIES.map((c) => `/${c}`)];
  for (const category of CATEGORY_IDS) {
    paths.push(`/gallery/${category}`, `/for-sale/${category}`);
    const gallery = new Set([...(await allItems(category, "gallery")), ...(await allItems(category, "all"))].map((i) => i.id));
    paths.push(...[...gallery].map((id) => `/gallery/${category}/${id}`));
    paths.push(...(await allItems(category, "for-sale")).map((i) => `/for-sale/${category}/${i.id}`));
  }
  return paths;
}

/** How many distinct catalogue items the build rendered, per category. */
export async function itemCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const category of CATEGORY_IDS) {
    const ids = new Set<string>();
    for (const view of ["all", "gallery", "for-sale"] as const) for (const item of await allItems(category, view)) ids.add(item.id);
    counts[category] = ids.size;
  }
  return counts;
}
