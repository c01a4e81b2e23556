import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, parsePage } from "./pagination";

describe("pageWindow", () => {
  it("is hidden at one page or fewer", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([]);
  });

  it("shows every number up to 5 pages", () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows first, last and the current page with one neighbour each side above 5 pages", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, "ellipsis", 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, "ellipsis", 10]);
    expect(pageWindow(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(pageWindow(8, 10)).toEqual([1, "ellipsis", 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([1, "ellipsis", 9, 10]);
    expect(pageWindow(4, 6)).toEqual([1, "ellipsis", 3, 4, 5, 6]);
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(99, 7)).toEqual([1, "ellipsis", 6, 7]);
  });
});

describe("pageCount", () => {
  it("divides the total by the page size, rounding up", () => {
    expect(pageCount(0, 2)).toBe(0);
    expect(pageCount(5, 2)).toBe(3);
    expect(pageCount(6, 2)).toBe(3);
  });
});

describe("parsePage", () => {
  it("reads an integer and defaults to 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage("2abc")).toBe(2);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("")).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-4")).toBe(1);
    expect(parsePage("x")).toBe(1);
  });
});
