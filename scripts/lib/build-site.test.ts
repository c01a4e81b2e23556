import { describe, expect, it } from "vitest";
import { buildFailure, generatedFiles, imageSizeCounts } from "./build-site.ts";

describe("why a site build failed", () => {
  it("is the build's own 'Cannot build {page}: {cause}' line, without Astro's decoration around it", () => {
    const output = [
      "12:00:01 [build] Building static entrypoints...",
      "[site] retry 5 of 5 for /api/collection/slots/a1 in 8000 ms after: 500: down",
      '12:00:30 [ERROR] [BuildPageError] Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: {"error":"down"}',
      "  Stack trace:",
      "    at itemDetail (file:///site/lib/build/catalogue.ts:60:11)",
    ].join("\n");
    expect(buildFailure(output)).toBe(
      'Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: {"error":"down"}',
    );
  });

  it("is the end of Astro's output when the build failed for another reason", () => {
    const output = `${"x".repeat(5000)}\n[ERROR] Unexpected token`;
    expect(buildFailure(output)).toBe(output.slice(-4000));
    expect(buildFailure(output)).toMatch(/^x+\n\[ERROR\] Unexpected token$/);
  });
});

describe("which files a build rendered", () => {
  it("reads Astro's log, where rendered files get their time later (after other files' announcements) and reused ones '(restored)' or '(cached)' at once", () => {
    const output = [
      "17:08:59   ├─ /404.html17:08:59   ├─ /admin.html17:08:59   ├─ /build-info.json (+52ms) ",
      "17:08:59   ├─ /for-sale/slots/21d9cae6-3e72-458c-aec4-ed0a76d35cc1.html (restored)",
      "17:08:59   ├─ \x1b[2m/gallery/slots/a1.html\x1b[22m (cached)",
      "17:08:59   ├─ /sitemap.xml17:08:59   ├─ /gallery/toys.html (restored)",
      " (+9ms) ",
      "17:08:59   └─ /robots.txt (+1.20s) ",
      "17:08:38   ▶ /_astro/slot-maroon_Z23v07N.webp (reused cache entry) (+0ms) (49/70)",
    ].join("\n");
    expect(generatedFiles(output)).toEqual({
      rendered: ["/404.html", "/admin.html", "/build-info.json", "/sitemap.xml", "/robots.txt"],
      reused: ["/for-sale/slots/21d9cae6-3e72-458c-aec4-ed0a76d35cc1.html", "/gallery/slots/a1.html", "/gallery/toys.html"],
    });
  });
});

describe("how a build sized its images", () => {
  it("reads the counts astro.config logs at the end of the build, and nothing from a log without them", () => {
    const output = "17:09:01 \x1b[34m[image-probe-count]\x1b[39m Image sizes: 12007 given by the catalogue, 3 images probed over HTTP\n";
    expect(imageSizeCounts(output)).toBe("12007 image sizes given by the catalogue, 3 images probed");
    expect(imageSizeCounts("17:09:01 [build] Complete!")).toBeNull();
  });
});
