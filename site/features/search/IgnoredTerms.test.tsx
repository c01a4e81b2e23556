import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import IgnoredTerms from "./IgnoredTerms";

describe("ignored terms note", () => {
  it("names the words left out past the term limit, escaped", () => {
    const html = renderToString(<IgnoredTerms terms={["omega", "<b>x</b>"]} />);
    expect(html).toContain("Searched for the first 10 terms only; left out: omega &lt;b&gt;x&lt;/b&gt;");
  });

  it("renders nothing when no word was left out", () => {
    expect(renderToString(<IgnoredTerms terms={[]} />)).toBe("");
  });
});
