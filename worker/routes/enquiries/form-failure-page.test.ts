import { describe, expect, it } from "vitest";
import { backTo, formFailurePage } from "./form-failure-page";

describe("the page a refused plain form post gets", () => {
  it("lists each problem with its markup escaped", () => {
    const html = formFailurePage(['Enter a valid <email> "address".', "Other & more"], "/for-sale/slots/x?a=1&b=2");
    expect(html).toContain("<li>Enter a valid &lt;email&gt; &quot;address&quot;.</li><li>Other &amp; more</li>");
    expect(html).toContain('<a href="/for-sale/slots/x?a=1&amp;b=2">Back to the form</a>');
    expect(html).not.toContain("<script");
  });

  it("links back to the page of this site the form was on, never to another site or the API", () => {
    const here = "https://coin-op.example/api/enquiries";
    expect(backTo("https://coin-op.example/for-sale/slots/abc?from=x", here)).toBe("/for-sale/slots/abc?from=x");
    expect(backTo("https://evil.example/for-sale/slots/abc", here)).toBe("/");
    expect(backTo("https://coin-op.example/api/enquiries", here)).toBe("/");
    expect(backTo("javascript:alert(1)", here)).toBe("/");
    expect(backTo("not a url", here)).toBe("/");
    expect(backTo(undefined, here)).toBe("/");
    // A path of this site that a browser would read as another host's address.
    expect(backTo("https://coin-op.example//evil.example/x", here)).toBe("/");
    expect(backTo("https://coin-op.example/%2F/evil.example", here)).toBe("/%2F/evil.example");
    expect(backTo("https://coin-op.example/\\evil.example/x", here)).toBe("/");
  });
});
