import { describe, expect, it } from "vitest";
import { rowValues } from "./row-values";
import { columnsFor, tableColumns } from "../../tables/schema";

const piece = (content: string, annotations: Record<string, unknown> = {}, href: string | null = null) => ({
  type: "text",
  text: { content, link: href ? { url: href } : null },
  annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default", ...annotations },
  plain_text: content,
  href,
});

describe("rowValues", () => {
  it("writes a title or rich_text property's plain text and, beside it, its pieces as JSON in the `_rich` column", () => {
    const columns = columnsFor({ Title: { type: "title" }, Description: { type: "rich_text" }, Year: { type: "number" } });
    const page = {
      id: "p1",
      properties: {
        Title: { type: "title", title: [piece("Mills")] },
        Description: {
          type: "rich_text",
          rich_text: [piece("A "), piece("bold", { bold: true }), piece(" link", { italic: true }, "/for-sale")],
        },
        Year: { type: "number", number: 1933 },
      },
    };
    const values = rowValues(page, columns, () => undefined);
    const row = Object.fromEntries(tableColumns(columns, false).map((c, i) => [c, values[i]]));
    expect(row.title).toBe("Mills");
    expect(JSON.parse(String(row.title_rich))).toEqual([
      { text: { content: "Mills", link: null }, annotations: piece("").annotations, href: null },
    ]);
    expect(row.description).toBe("A bold link");
    expect(
      JSON.parse(String(row.description_rich)).map(
        (p: { text: { content: string }; annotations: { bold: boolean; italic: boolean }; href: string | null }) => [
          p.text.content,
          p.annotations.bold,
          p.annotations.italic,
          p.href,
        ],
      ),
    ).toEqual([
      ["A ", false, false, null],
      ["bold", true, false, null],
      [" link", false, true, "/for-sale"],
    ]);
    expect(row.year).toBe(1933);
    expect(values).toHaveLength(tableColumns(columns, false).length);
  });

  it("writes NULL in the `_rich` column for empty text, a missing property, or a property that changed type", () => {
    const columns = columnsFor({ Notes: { type: "rich_text" } });
    const rich = (properties: Record<string, { type: string; [k: string]: unknown }>) =>
      rowValues({ id: "p", properties }, columns, () => undefined).slice(3);
    expect(rich({ Notes: { type: "rich_text", rich_text: [] } })).toEqual([null, null]);
    expect(rich({})).toEqual([null, null]);
    expect(rich({ Notes: { type: "number", number: 5 } })).toEqual([5, null]);
  });
});
