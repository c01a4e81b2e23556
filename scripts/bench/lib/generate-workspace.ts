import { CATALOGUE_TITLES, catalogueProperties, type CatalogueTitle } from "#workspace/demo/schemas";
import { catalogueDatabase, loadDemoWorkspace } from "#workspace/demo/load";
import type { Item } from "#workspace/demo/catalogue/item";
import type { DemoFile } from "#workspace/demo/types";
import { seededId } from "../../notion-server/ids.ts";
import type { Workspace } from "../../notion-server/workspace.ts";

/** Makers the generated items take in turn: the demo's slot machine manufacturers. */
const MAKERS = catalogueProperties("Slot Machines").Manufacturer!.options!;

/** Each category's main pictures, as the demo gives its items. */
function mainImages(): Map<string, string[]> {
  const images = new Map<string, string[]>();
  for (const db of loadDemoWorkspace().databases) {
    const names = db.pages.flatMap((page) =>
      ((page.properties["Main Image"] as DemoFile[] | undefined) ?? []).flatMap((f) => ("image" in f ? [f.image] : [])),
    );
    if (names.length) images.set(db.title, [...new Set(names)]);
  }
  return images;
}

/**
 * A workspace of `totalItems` catalogue items spread evenly over the 7 catalogue databases (for the benchmarks). Every
 * item has its own Notion-hosted main image (unique file id, one of its category's demo pictures); values are deterministic.
 */
export function generateCatalogueWorkspace(totalItems: number): Workspace {
  const images = mainImages();
  const databases = CATALOGUE_TITLES.map((title, d) => {
    const count = Math.floor(totalItems / CATALOGUE_TITLES.length) + (d < totalItems % CATALOGUE_TITLES.length ? 1 : 0);
    const db = catalogueDatabase(
      title,
      Array.from({ length: count }, (_, n) => generatedItem(title, n, images.get(title) ?? [])),
    );
    // Each item's picture a file of its own, as if uploaded once per item.
    for (const [n, page] of db.pages.entries())
      page.properties["Main Image"] = (page.properties["Main Image"] as DemoFile[]).map((f) => ({
        ...f,
        id: seededId(`generated-file:${title}:${n}`),
      }));
    return db;
  });
  return { id: seededId(`workspace:generated:${totalItems}`), name: `Generated catalogue (${totalItems} items)`, databases };
}

function generatedItem(title: CatalogueTitle, n: number, images: string[]): Item {
  const image = images[n % images.length];
  if (image === undefined) throw new Error(`no main images for ${title}`);
  const year = 1895 + ((n * 7) % 70);
  return {
    title: `${title.replace(/s$/, "")} No. ${n + 1}`,
    description: `Generated ${title.toLowerCase()} item ${n + 1} for load testing: a ${year} machine with its original finish.`,
    year,
    main: { image, name: `${title.toLowerCase().replace(/\s+/g, "-")}-${n + 1}.png` },
    forSale: title !== "Vintage Toys" && n % 3 !== 0,
    price: n % 3 !== 0 ? 250 + ((n * 37) % 40) * 50 : undefined,
    manufacturer: MAKERS[n % MAKERS.length],
  };
}
