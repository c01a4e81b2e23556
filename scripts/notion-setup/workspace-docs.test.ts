import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "#contract/categories";
import { notionTypeName } from "#contract/notion-check";
import { NOTION_LAYOUT, type LayoutProperty } from "#contract/notion-layout";

/** docs/notion-workspace.md, the operator's copy of the layout. */
const doc = readFileSync(new URL("../../docs/notion-workspace.md", import.meta.url), "utf8");

/** The text of the section under a heading, up to the next heading of its level or above. */
function section(heading: string): string {
  const level = heading.match(/^#+/)![0].length;
  const start = doc.split("\n").findIndex((line) => line === heading);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  const lines = doc.split("\n").slice(start + 1);
  const end = lines.findIndex((line) => new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(0, end < 0 ? undefined : end).join("\n");
}

/** The rows (cells trimmed) of the first table in `text` whose header begins with `first`. */
function table(text: string, first: string): string[][] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  expect(start, `a table starting with ${first}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** A property as its documented row reads: name, Notion types (and needed options), required, what it shows. */
const row = (p: LayoutProperty) => [
  p.name,
  p.types.map(notionTypeName).join(" or ") + (p.options ? ` (options ${p.options.join(", ")})` : ""),
  p.required ? "yes" : p.recommended ? "no (recommended)" : "no",
  p.feeds,
];

const catalogue = NOTION_LAYOUT.filter((db) => db.kind === "catalogue");
const common = catalogue[0]!.properties.filter((p) => catalogue.every((db) => db.properties.some((q) => q.name === p.name)));

describe("docs/notion-workspace.md keeps in step with the workspace layout (contract/notion-layout.ts)", () => {
  it("names each category's database", () => {
    const rows = table(section("## Every catalogue database"), "Category");
    expect(rows.map(([id, title]) => [id, title])).toEqual(CATEGORIES.map((c) => [c.id, c.database]));
  });

  it("documents the properties every catalogue database has", () => {
    expect(table(section("## Every catalogue database"), "Property")).toEqual(common.map(row));
  });

  it("documents each database's own properties, in order, with their types, options, whether required and what they show", () => {
    for (const db of NOTION_LAYOUT) {
      const own = db.properties.filter((p) => db.kind === "content" || !common.includes(p));
      expect(table(section(`### ${db.title}`), "Property"), db.title).toEqual(own.map(row));
    }
  });

  it("documents no database the layout lacks", () => {
    const documented = [...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(documented).toEqual(NOTION_LAYOUT.map((db) => db.title));
  });

  it("gives an example row for each catalogue database, naming each of its properties", () => {
    for (const db of catalogue) {
      const example = section(`### ${db.title}`).match(/^Example: [\s\S]*?\.\n\n|^Example: [\s\S]*$/m)?.[0] ?? "";
      for (const p of db.properties.filter((p) => !["Year", "Price", "Additional Images", "Hold Changes"].includes(p.name)))
        expect(example, `${db.title}: ${p.name}`).toContain(p.name);
    }
  });
});
