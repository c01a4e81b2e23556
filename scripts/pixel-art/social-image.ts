import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { socialImage } from "./art/branding.ts";
import { encodePng } from "./png.ts";

/** Where the site's default social card lives (served as `/images/social-default.png`). */
export const SOCIAL_IMAGE_FILE = fileURLToPath(new URL("../../site/public/images/social-default.png", import.meta.url));

/** The default social card drawn in code, as PNG bytes. */
export function socialImagePng(): Buffer {
  const canvas = socialImage();
  return encodePng(canvas.width, canvas.height, canvas.data);
}

// `node scripts/pixel-art/social-image.ts` draws it again into the site's public folder (committed; no download, no build step).
if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(SOCIAL_IMAGE_FILE, socialImagePng());
  console.log(`wrote ${SOCIAL_IMAGE_FILE}`);
}
