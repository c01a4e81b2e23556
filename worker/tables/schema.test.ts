import { describe, expect, it } from "vitest";
import { columnsFor, createTableSql, MAX_TABLE_COLUMNS, sqlType, tableColumns, tooManyColumns } from "./schema";

describe("columnsFor", () => {
  it("names columns in snake case with the title first, then by property name", () => {
    const columns = columnsFor({
      Year: { name: "Year", type: "number" },
      "Main Image": { name: "Main Image", type: "files" },
      Title: { name: "Title", type: "title" },
      "For Sale": { name: "For Sale", type: "checkbox" },
    });
    expect(columns).toEqual([
      { property: "Title", column: "title", type: "title" },
      { property: "For Sale", column: "for_sale", type: "checkbox" },
      { property: "Main Image", column: "main_image", type: "files" },
      { property: "Year", column: "year", type: "number" },
    ]);
  });

  it("suffixes _2, _3 on collisions with system columns and other properties", () => {
    const columns = columnsFor({
      ID: { name: "ID", type: "rich_text" },
      "Created Time": { name: "Created Time", type: "created_time" },
      "Body MD": { name: "Body MD", type: "rich_text" },
      "display order": { name: "display order", type: "number" },
      displayOrder: { name: "displayOrder", type: "number" },
      "Display Order": { name: "Display Order", type: "number" },
      "display_order 2": { name: "display_order 2", type: "number" },
    });
    expect(Object.fromEntries(columns.map((c) => [c.property, c.column]))).toEqual({
      ID: "id_2",
      "Created Time": "created_time_2",
      "Body MD": "body_md_2",
      "Display Order": "display_order",
      "display order": "display_order_2",
      "display_order 2": "display_order_2_2",
      displayOrder: "display_order_3",
    });
  });

  it("reduces hostile and non-Latin names to safe identifiers", () => {
    const columns = columnsFor({
      a: { name: 'x"); DROP TABLE sync_tables; --', type: "rich_text" },
      b: { name: "価格", type: "number" },
      c: { name: "Ωmega", type: "number" },
      d: { name: "Café Crème", type: "rich_text" },
      e: { name: "🎰", type: "rich_text" },
    });
    for (const c of columns) expect(c.column).toMatch(/^[a-z0-9_]+$/);
    expect(columns.map((c) => c.column).sort()).toEqual(["cafe_creme", "mega", "property", "property_2", "x_drop_table_sync_tables"]);
  });

  it("keeps a title or rich_text property's `_rich` column free: a later property never takes it, a property whose `_rich` name is taken moves on", () => {
    const columns = columnsFor({
      D: { name: "Description", type: "rich_text" },
      R: { name: "Description Rich", type: "number" },
      N: { name: "Notes Rich", type: "checkbox" },
      M: { name: "Notes", type: "rich_text" },
    });
    expect(Object.fromEntries(columns.map((c) => [c.property, c.column]))).toEqual({
      Description: "description",
      "Description Rich": "description_rich_2",
      Notes: "notes",
      "Notes Rich": "notes_rich_2",
    });
    expect(tableColumns(columns, false)).toEqual([
      "id",
      "created_time",
      "last_edited_time",
      "description",
      "description_rich",
      "description_rich_2",
      "notes",
      "notes_rich",
      "notes_rich_2",
    ]);
    const late = columnsFor({ A: { name: "x rich", type: "url" }, B: { name: "x", type: "rich_text" } });
    expect(tableColumns(late, false)).toEqual(["id", "created_time", "last_edited_time", "x", "x_rich", "x_rich_2"]);
  });

  it("uses the property key when the schema entry has no name", () => {
    expect(columnsFor({ Price: { type: "number" } })).toEqual([{ property: "Price", column: "price", type: "number" }]);
  });
});

describe("createTableSql", () => {
  it("quotes every identifier and types columns per the contract", () => {
    const sql = createTableSql(
      "notion_posts",
      columnsFor({
        T: { name: "Title", type: "title" },
        O: { name: "Display Order", type: "number" },
        F: { name: "Featured", type: "checkbox" },
      }),
      true,
    );
    expect(sql).toBe(
      'CREATE TABLE "notion_posts" ("id" TEXT PRIMARY KEY, "created_time" TEXT, "last_edited_time" TEXT, "title" TEXT, "title_rich" TEXT, "display_order" REAL, "featured" INTEGER, "body_md" TEXT)',
    );
  });

  it("leaves body_md out for tables without bodies and escapes quotes in names", () => {
    expect(createTableSql('notion_a"b', [], false)).toBe(
      'CREATE TABLE "notion_a""b" ("id" TEXT PRIMARY KEY, "created_time" TEXT, "last_edited_time" TEXT)',
    );
  });

  it("lists columns in the same order as the table declares them", () => {
    expect(tableColumns([{ property: "X", column: "x", type: "url" }], true)).toEqual([
      "id",
      "created_time",
      "last_edited_time",
      "x",
      "body_md",
    ]);
  });

  it("maps Notion types to SQLite types", () => {
    expect(["title", "number", "checkbox", "files", "formula"].map(sqlType)).toEqual(["TEXT", "REAL", "INTEGER", "TEXT", "TEXT"]);
  });
});

describe("tooManyColumns", () => {
  const textColumns = (n: number) =>
    columnsFor(Object.fromEntries(Array.from({ length: n }, (_, i) => [`P${i}`, { type: i === 0 ? "title" : "rich_text" }])));
  const numberColumns = (n: number) => columnsFor(Object.fromEntries(Array.from({ length: n }, (_, i) => [`P${i}`, { type: "number" }])));

  it("lets a table fill D1's 100 columns with ours and the properties' columns, two for a title or text property", () => {
    expect(MAX_TABLE_COLUMNS).toBe(100);
    expect(tooManyColumns("Slot Machines", numberColumns(97), false)).toBeNull();
    expect(tableColumns(numberColumns(97), false)).toHaveLength(100);
    expect(tooManyColumns("Posts", numberColumns(96), true)).toBeNull();
    const mixed = [...textColumns(48), ...numberColumns(1).map((c) => ({ ...c, property: "N", column: "n" }))];
    expect(tooManyColumns("Slot Machines", mixed, false)).toBeNull();
    expect(tableColumns(mixed, false)).toHaveLength(100);
  });

  it("counts the `_rich` columns, and names the database, the columns needed, the limit and what to do when they do not fit", () => {
    expect(tooManyColumns("Slot Machines", numberColumns(98), false)).toBe(
      '"Slot Machines" has 98 properties, but a D1 table holds at most 100 columns: 97 for properties besides id, created_time and last_edited_time. Remove at least 1 property from the database in Notion, then run the schema sync again.',
    );
    expect(tooManyColumns("Slot Machines", textColumns(49), false)).toBe(
      '"Slot Machines" has 49 properties needing 98 columns (a title or text property takes two: its text and its formatting), but a D1 table holds at most 100 columns: 97 for properties besides id, created_time and last_edited_time. Remove at least 1 property from the database in Notion, then run the schema sync again.',
    );
    expect(tooManyColumns("Posts", [...textColumns(60), ...numberColumns(10).map((c) => ({ ...c, column: `n_${c.column}` }))], true)).toBe(
      '"Posts" has 70 properties needing 130 columns (a title or text property takes two: its text and its formatting), but a D1 table holds at most 100 columns: 96 for properties besides id, created_time, last_edited_time and body_md. Remove at least 17 properties from the database in Notion, then run the schema sync again.',
    );
  });
});
