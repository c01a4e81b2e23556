import { describe, expect, it } from "vitest";
import { checkWorkspace, findingLine, recommendWorkspace, type SeenDatabase } from "./notion-check";
import { NOTION_LAYOUT } from "./notion-layout";

/** The workspace setup creates: every layout database with each property of its first type and its required options. */
function laidOut(): SeenDatabase[] {
  return NOTION_LAYOUT.map((db, i) => ({
    databaseId: `db-${i}`,
    title: db.title,
    properties: db.properties.map((p) => ({ name: p.name, type: p.types[0], options: p.options ? [...p.options] : undefined })),
  }));
}

/** `laidOut()` with the database titled `title` changed by `edit`. */
function edited(title: string, edit: (db: SeenDatabase) => SeenDatabase): SeenDatabase[] {
  return laidOut().map((db) => (db.title === title ? edit(db) : db));
}

const withProperties = (db: SeenDatabase, map: (p: SeenDatabase["properties"][number]) => SeenDatabase["properties"][number] | null) => ({
  ...db,
  properties: db.properties.map(map).filter((p) => p !== null),
});

describe("workspace check", () => {
  it("finds nothing wrong with the workspace setup creates, nor with names spelt another way or other accepted types", () => {
    expect(checkWorkspace(laidOut())).toEqual([]);
    const respelt = edited("Slot Machines", (db) =>
      withProperties({ ...db, title: "  slot   MACHINES " }, (p) =>
        p.name === "Main Image" ? { name: "mainImage", type: "url" } : p.name === "For Sale" ? { name: "for sale", type: "checkbox" } : p,
      ),
    );
    expect(checkWorkspace(respelt)).toEqual([]);
  });

  it("names a property of the wrong type with the types it may have, as one line with its fix", () => {
    const findings = checkWorkspace(
      edited("Slot Machines", (db) => withProperties(db, (p) => (p.name === "Denomination" ? { ...p, type: "number" } : p))),
    );
    expect(findings).toEqual([
      {
        database: "Slot Machines",
        property: "Denomination",
        problem: "property Denomination is a number, expected select or text",
        fix: "Change its type to Select (or Text) in Notion.",
      },
    ]);
    expect(findingLine(findings[0]!)).toBe(
      "Slot Machines: property Denomination is a number, expected select or text. Fix: Change its type to Select (or Text) in Notion.",
    );
  });

  it("reports a missing database, and databases sharing a title with their ids", () => {
    const seen = laidOut().filter((db) => db.title !== "Posts");
    seen.push({ ...seen.find((db) => db.title === "Images")!, databaseId: "db-other", title: "images" });
    expect(checkWorkspace(seen)).toEqual([
      {
        database: "Images",
        problem: "2 databases shared with the integration have this title (ids db-8, db-other)",
        fix: "Rename, delete or stop sharing all but one: until then the sync leaves this table as it was.",
      },
      {
        database: "Posts",
        problem: "no database with this title is shared with the integration",
        fix: 'Run npm run notion:setup to create it, or, if it exists, share it with the integration (its ••• menu → Connections) and make sure its title reads "Posts".',
      },
    ]);
  });

  it("reports a missing required property but not a missing optional one", () => {
    const seen = edited("Posts", (db) => withProperties(db, (p) => (p.name === "Display Order" || p.name === "Content" ? null : p)));
    expect(checkWorkspace(seen)).toEqual([
      {
        database: "Posts",
        property: "Display Order",
        problem: "property Display Order is missing",
        fix: "Add a Number property named Display Order (npm run notion:setup adds it).",
      },
    ]);
  });

  it("knows Published and Hold Changes: a database without them is no problem, but the check recommends adding them", () => {
    expect(recommendWorkspace(laidOut())).toEqual([]);
    const older = laidOut().map((db) => withProperties(db, (p) => (p.name === "Published" || p.name === "Hold Changes" ? null : p)));
    expect(checkWorkspace(older)).toEqual([]);
    const recommended = recommendWorkspace(older);
    expect(recommended.map((f) => `${f.database}.${f.property}`)).toEqual(
      [...NOTION_LAYOUT.filter((db) => db.kind === "catalogue").map((db) => db.title), "Posts"].flatMap((t) => [
        `${t}.Published`,
        `${t}.Hold Changes`,
      ]),
    );
    expect(recommended.slice(0, 2).map(findingLine)).toEqual([
      "Slot Machines: property Published is missing, so every item is on the site as soon as it is synced, half-written or not. Fix: Add a Checkbox property named Published (npm run notion:setup adds it, keeping every row already there on the site).",
      "Slot Machines: property Hold Changes is missing, so an edit to a live item reaches the site at the next sync, finished or not. Fix: Add a Checkbox property named Hold Changes (npm run notion:setup adds it, keeping every row already there on the site).",
    ]);
    expect(recommendWorkspace(older).find((f) => f.database === "Posts")?.problem).toBe(
      "property Published is missing, so every post is on the site as soon as it is synced, half-written or not",
    );
    // Spelt another way it is there; of another type it is a problem (the sync then publishes every row), not a recommendation.
    const respelt = edited("Slot Machines", (db) =>
      withProperties(db, (p) =>
        p.name === "Published" ? { name: "published", type: "checkbox" } : p.name === "Hold Changes" ? { ...p, type: "select" } : p,
      ),
    );
    expect(recommendWorkspace(respelt)).toEqual([]);
    expect(checkWorkspace(respelt).map(findingLine)).toEqual([
      "Slot Machines: property Hold Changes is a select, expected checkbox. Fix: Change its type to Checkbox in Notion.",
    ]);
  });

  it("tells how to rename a title property called otherwise (Notion's default Name)", () => {
    const seen = edited("Vintage Toys", (db) => withProperties(db, (p) => (p.name === "Title" ? { name: "Name", type: "title" } : p)));
    expect(checkWorkspace(seen)).toEqual([
      {
        database: "Vintage Toys",
        property: "Title",
        problem: "property Title is missing: the title property is called Name",
        fix: "Rename the property Name to Title in Notion.",
      },
    ]);
  });

  it("reports required select options that are missing, and none when the property is of another accepted type", () => {
    const noNews = edited("Posts", (db) =>
      withProperties(db, (p) =>
        p.name === "Section" ? { ...p, options: ["home", "literature", "services", "miscellaneous", "extra"] } : p,
      ),
    );
    expect(checkWorkspace(noNews)).toEqual([
      {
        database: "Posts",
        property: "Section",
        problem: "property Section lacks the option news",
        fix: "Add it to Section's options in Notion (npm run notion:setup adds it).",
      },
    ]);
    const noType = edited("Site Content", (db) => withProperties(db, (p) => (p.name === "Type" ? { ...p, options: ["image"] } : p)));
    expect(checkWorkspace(noType).map(findingLine)).toEqual([
      "Site Content: property Type lacks the options rich_text, image_file, text. Fix: Add them to Type's options in Notion (npm run notion:setup adds them).",
    ]);
    const manufacturerText = edited("Slot Machines", (db) =>
      withProperties(db, (p) => (p.name === "Manufacturer" ? { ...p, type: "select", options: [] } : p)),
    );
    expect(checkWorkspace(manufacturerText)).toEqual([]);
  });

  it("explains that a text property cannot stand in for the title", () => {
    const seen = edited("Images", (db) => ({
      ...db,
      properties: [
        { name: "Name", type: "title" },
        ...db.properties.map((p) => (p.name === "Key" ? { name: "Key", type: "rich_text" } : p)),
      ],
    }));
    expect(checkWorkspace(seen)).toEqual([
      {
        database: "Images",
        property: "Key",
        problem: "property Key is text, expected title",
        fix: "A database has one title property: rename Key, then rename the title property Name to Key in Notion.",
      },
    ]);
  });
});
