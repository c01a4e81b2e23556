import type { NotionCheckFinding } from "./admin-api.ts";
import { NOTION_LAYOUT, type LayoutDatabase, type LayoutProperty } from "./notion-layout.ts";
import { propKey, titleKey } from "./notion-names.ts";
import { PROPERTY_TYPE_NAMES } from "./notion.ts";

/** A property of a data source as Notion describes it: name, type, and its options when it is a select or multi-select. */
export type SeenProperty = { name: string; type: string; options?: readonly string[] };

/** A data source the integration can see: its database, title and properties. */
export type SeenDatabase = { databaseId: string; title: string; properties: readonly SeenProperty[] };

/**
 * How a database of the catalogue was found: under the catalogue's page (the page's child_database blocks, listed as soon
 * as a database exists), or by Notion's search (which may miss a database, or lag behind a new one).
 */
export type FoundBy = "page" | "search";

/** The one line that says how a database was found (`null`: not found at all), as the CLI prints it and the admin panel shows it. */
export function foundLine(title: string, foundBy: FoundBy | null): string {
  if (foundBy === "page") return `${title}: found under the catalogue's page`;
  if (foundBy === "search") return `${title}: found by Notion's search, not under the catalogue's page`;
  return `${title}: not found`;
}

/** The page most of `databases` sit under (ties: the first), or null when none sits under a page: where the catalogue is kept. */
export function catalogueParent(databases: readonly { parentPageId: string | null }[]): string | null {
  const counts = new Map<string, number>();
  for (const { parentPageId } of databases) if (parentPageId) counts.set(parentPageId, (counts.get(parentPageId) ?? 0) + 1);
  let best: string | null = null;
  for (const [id, n] of counts) if (best === null || n > counts.get(best)!) best = id;
  return best;
}

/** Notion's name for a property type (`rich_text` -> `Text`); an unknown type by its API name. */
export function notionTypeName(type: string): string {
  return (PROPERTY_TYPE_NAMES as Record<string, string>)[type] ?? type.replace(/_/g, " ");
}

/** A type in running text: lower case, but URL and ID stay capitals. */
const word = (type: string) => notionTypeName(type).replace(/^(?!URL|ID)\S+/, (w) => w.toLowerCase());
const withArticle = (text: string) => `${/^[aeioAEIO]/.test(text) ? "an" : "a"} ${text}`;
/** "a number", "a select", but "text" and "files & media" (no article). */
const isA = (type: string) => (type === "rich_text" || type === "files" ? word(type) : withArticle(word(type)));
const orList = (items: readonly string[]) => items.join(" or ");
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const SETUP = "npm run notion:setup";

/** The one problem line the CLI prints and the admin panel shows: `Slot Machines: property Denomination is a number, expected text or select. Fix: …`. */
export function findingLine(f: NotionCheckFinding): string {
  return `${f.database}: ${f.problem}. Fix: ${f.fix}`;
}

/** Everything wrong with the workspace the integration sees, measured against the layout, database by database in layout order. */
export function checkWorkspace(seen: readonly SeenDatabase[], layout: readonly LayoutDatabase[] = NOTION_LAYOUT): NotionCheckFinding[] {
  return layout.flatMap((db) =>
    checkDatabase(
      db,
      seen.filter((s) => titleKey(s.title) === titleKey(db.title)),
    ),
  );
}

/**
 * What the check recommends besides: each property the layout recommends (Published, Hold Changes) that a database found
 * once lacks. The sync works without them (every row published as read); they are not problems.
 */
export function recommendWorkspace(seen: readonly SeenDatabase[], layout: readonly LayoutDatabase[] = NOTION_LAYOUT): NotionCheckFinding[] {
  return layout.flatMap((db) => {
    const found = seen.filter((s) => titleKey(s.title) === titleKey(db.title));
    if (found.length !== 1) return [];
    return db.properties.flatMap((prop) =>
      prop.recommended && !found[0]!.properties.some((s) => propKey(s.name) === propKey(prop.name))
        ? [
            {
              database: db.title,
              property: prop.name,
              problem: `property ${prop.name} is missing, so ${prop.recommended}`,
              fix: `Add ${withArticle(notionTypeName(prop.types[0]))} property named ${prop.name} (${SETUP} adds it, keeping every row already there on the site).`,
            },
          ]
        : [],
    );
  });
}

function checkDatabase(db: LayoutDatabase, found: readonly SeenDatabase[]): NotionCheckFinding[] {
  const database = db.title;
  const [first] = found;
  if (!first) {
    return [
      {
        database,
        problem: "no database with this title is shared with the integration",
        fix:
          `Run ${SETUP} to create it, or, if it exists, share it with the integration (its ••• menu → Connections) ` +
          `and make sure its title reads "${db.title}".`,
      },
    ];
  }
  if (found.length > 1) {
    const ids = [...new Set(found.map((s) => s.databaseId))];
    return [
      {
        database,
        problem: `${found.length} databases shared with the integration have this title (ids ${ids.join(", ")})`,
        fix: "Rename, delete or stop sharing all but one: until then the sync leaves this table as it was.",
      },
    ];
  }
  return db.properties.flatMap((prop) => checkProperty(database, prop, first.properties));
}

function checkProperty(database: string, prop: LayoutProperty, seen: readonly SeenProperty[]): NotionCheckFinding[] {
  const at = (problem: string, fix: string): NotionCheckFinding[] => [{ database, property: prop.name, problem, fix }];
  const have = seen.find((s) => propKey(s.name) === propKey(prop.name));
  const titleProperty = seen.find((s) => s.type === "title");
  const wantsTitle = prop.types.includes("title");
  if (!have) {
    if (wantsTitle && titleProperty)
      return at(
        `property ${prop.name} is missing: the title property is called ${titleProperty.name}`,
        `Rename the property ${titleProperty.name} to ${prop.name} in Notion.`,
      );
    if (!prop.required) return [];
    return at(
      `property ${prop.name} is missing`,
      `Add ${withArticle(notionTypeName(prop.types[0]))} property named ${prop.name} (${SETUP} adds it).`,
    );
  }
  if (!prop.types.includes(have.type as LayoutProperty["types"][number])) {
    const fix =
      wantsTitle && titleProperty
        ? `A database has one title property: rename ${have.name}, then rename the title property ${titleProperty.name} to ${prop.name} in Notion.`
        : `Change its type to ${notionTypeName(prop.types[0])}${prop.types.length > 1 ? ` (or ${orList(prop.types.slice(1).map(notionTypeName))})` : ""} in Notion.`;
    return at(`property ${have.name} is ${isA(have.type)}, expected ${orList(prop.types.map(word))}`, fix);
  }
  const missing = (prop.options ?? []).filter((o) => !(have.options ?? []).includes(o));
  if (missing.length === 0 || (have.type !== "select" && have.type !== "multi_select")) return [];
  return at(
    `property ${have.name} lacks the ${plural(missing.length, "option", "options")} ${missing.join(", ")}`,
    `Add ${plural(missing.length, "it", "them")} to ${have.name}'s options in Notion (${SETUP} adds ${plural(missing.length, "it", "them")}).`,
  );
}
