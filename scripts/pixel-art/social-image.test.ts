import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageSize } from "#contract/image-size";
import { SOCIAL_IMAGE_FILE, socialImagePng } from "./social-image.ts";

describe("the site's default social card", () => {
  it("is the committed 1200 x 630 PNG drawn in code (node scripts/pixel-art/social-image.ts draws the same bytes)", () => {
    const committed = readFileSync(SOCIAL_IMAGE_FILE);
    expect(imageSize(committed)).toEqual({ width: 1200, height: 630 });
    expect(committed.subarray(1, 4).toString()).toBe("PNG");
    expect(committed.equals(socialImagePng())).toBe(true);
    // Small enough for every social site's limit (Facebook 8 MB, X 5 MB) many times over.
    expect(committed.length).toBeLessThan(100_000);
  });
});
