import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { DEMO_IMAGES_FOLDER } from "#workspace/demo/images";
import { loadDemoWorkspace } from "#workspace/demo/load";
import { ROOT } from "./quiet-env.ts";

/** The demo's pictures on disk, in the site's public folder (the site build publishes them at `/demo-images/`). */
export const DEMO_IMAGES_DIR = resolve(ROOT, "site/public", DEMO_IMAGES_FOLDER);

/** One of the demo's pictures, for setup's uploads. */
export async function readDemoImage(name: string): Promise<Blob> {
  const bytes = await readFile(resolve(DEMO_IMAGES_DIR, name));
  return new Blob([new Uint8Array(bytes)], { type: name.endsWith(".png") ? "image/png" : "application/octet-stream" });
}

/** The local Notion server's workspace and pictures when a caller chooses the demo (`npm start`, the tests, the benchmarks). */
export const demoNotion = () => ({ workspace: loadDemoWorkspace(), imagesDir: DEMO_IMAGES_DIR });
