import { describe, expect, it } from "vitest";
import { canonicalPath, jsonLdText, metaDescription } from "./seo";

describe("seo helpers", () => {
  it("canonical paths drop trailing slashes", () => {
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/gallery/slots/")).toBe("/gallery/slots");
  });

  it("meta descriptions are trimmed to about 155 characters", () => {
    expect(metaDescription("  a   b ", "x")).toBe("a b");
    expect(metaDescription("", "fallback")).toBe("fallback");
    expect(metaDescription("word ".repeat(60), "x").length).toBeLessThanOrEqual(156);
  });

  it("JSON-LD cannot close its script element", () => {
    expect(jsonLdText({ a: "</script>" })).toBe('{"a":"\\u003c/script>"}');
  });
});
