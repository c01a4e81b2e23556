import { describe, expect, it } from "vitest";
import { pageHref } from "./listing-url";

describe("pager link addresses", () => {
  it("set page and keep the other query values in their order", () => {
    expect(pageHref("", 2)).toBe("?page=2");
    expect(pageHref("?category=slots", 3)).toBe("?category=slots&page=3");
    expect(pageHref("?page=5&category=slots", 4)).toBe("?page=4&category=slots");
    expect(pageHref("?q=a+b%26c&page=1", 2)).toBe("?q=a+b%26c&page=2");
  });
});
