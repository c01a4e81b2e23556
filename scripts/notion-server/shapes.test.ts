import { describe, expect, it } from "vitest";
import { paginate, pageSize } from "./pagination.ts";
import { plainText, richText } from "./shapes/rich-text.ts";
import { notionUrl } from "./shapes/urls.ts";

describe("rich text", () => {
  it("splits text over 2,000 characters into several items, as Notion does", () => {
    const items = richText("x".repeat(4500)) as { plain_text: string }[];
    expect(items.map((i) => i.plain_text.length)).toEqual([2000, 2000, 500]);
  });

  it("gives an empty list for empty text and joins spans for plain text", () => {
    expect(richText("")).toEqual([]);
    expect(richText(null)).toEqual([]);
    expect(plainText([{ text: "a" }, { text: "b", bold: true }])).toBe("ab");
  });
});

describe("pagination", () => {
  const items = Array.from({ length: 5 }, (_, i) => ({ id: `id-${i}` }));

  it("returns the next item's id as the cursor and no cursor on the last page", () => {
    expect(paginate(items, undefined, 2)).toEqual({ object: "list", results: items.slice(0, 2), next_cursor: "id-2", has_more: true });
    expect(paginate(items, "id-4", 2)).toEqual({ object: "list", results: items.slice(4), next_cursor: null, has_more: false });
  });

  it("validates page_size like Notion", () => {
    expect(pageSize(undefined, "body")).toBe(100);
    expect(pageSize("7", "query")).toBe(7);
    for (const bad of [0, 101, 1.5, "x"]) expect(() => pageSize(bad, "body")).toThrow(/page_size/);
  });
});

describe("urls", () => {
  it("builds notion.so URLs from title slug and bare id", () => {
    expect(notionUrl("12345678-1234-4234-8234-123456789abc", "Mills Castle Front 5¢")).toBe(
      "https://www.notion.so/Mills-Castle-Front-5-12345678123442348234123456789abc",
    );
  });
});
