import { describe, expect, it } from "vitest";
import { buildFailure } from "./build-site.ts";

describe("why a site build failed", () => {
  it("is the build's own 'Cannot build {page}: {cause}' line, without Astro's decoration around it", () => {
    const output = [
      "12:00:01 [build] Building static entrypoints...",
      "[site] retry 5 of 5 for /api/collection/slots/a1 in 8000 ms after: 500: down",
      '12:00:30 [ERROR] [BuildPageError] Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: {"error":"down"}',
      "  Stack trace:",
      "    at itemDetail (file:///site/lib/build/catalogue.ts:60:11)",
    ].join("\n");
    expect(buildFailure(output)).toBe('Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: {"error":"down"}');
  });

  it("is the end of Astro's output when the build failed for another reason", () => {
    const output = `${"x".repeat(5000)}\n[ERROR] Unexpected token`;
    expect(buildFailure(output)).toBe(output.slice(-4000));
    expect(buildFailure(output)).toMatch(/^x+\n\[ERROR\] Unexpected token$/);
  });
});
