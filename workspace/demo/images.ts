import type { DemoFile, DemoWorkspace } from "./types.ts";

/** The folder, under the site's public folder, the demo's pictures are kept in: the site build publishes them at `/demo-images/<name>`. */
export const DEMO_IMAGES_FOLDER = "demo-images";

/** Where the demo writes "the same picture, from an external host": the local Notion server serves these. */
const EXTERNAL_PREFIX = "$SERVER/public/";

/** The demo picture a file names (an uploaded one, or an "external" one the local Notion server serves), or null for any other URL. */
export function demoImageOf(file: DemoFile): string | null {
  if ("image" in file) return file.image;
  return file.external.startsWith(EXTERNAL_PREFIX) ? file.external.slice(EXTERNAL_PREFIX.length) : null;
}

/** Every demo picture named anywhere in `value` (a page, a list of pages), each once. */
export function picturesIn(value: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      const file = node as DemoFile;
      const image = "image" in file || "external" in file ? demoImageOf(file) : null;
      if (image) names.add(image);
      Object.values(node).forEach(visit);
    }
  };
  visit(value);
  return names;
}

/** Every demo picture the pages of `workspace` name (test-only pages left out unless asked), each once. */
export function demoImagesIn(workspace: DemoWorkspace, { testOnly = false } = {}): Set<string> {
  return picturesIn(workspace.databases.flatMap((db) => db.pages.filter((page) => testOnly || !page.testOnly)));
}
