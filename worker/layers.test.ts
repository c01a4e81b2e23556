import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const WORKER = dirname(fileURLToPath(import.meta.url));

// Each folder's layer, bottom (0) to top; a folder imports only lower layers' files and its own.
const LAYER: Record<string, number> = { lib: 0, notion: 1, tables: 2, data: 3, cache: 3, sync: 4, middleware: 5, routes: 6 };

/** Every relative import of a non-test source file in `folder`, as a worker-relative path. */
function importsOf(folder: string): { from: string; to: string }[] {
  const dir = join(WORKER, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .flatMap((f) => {
      const source = readFileSync(join(dir, f), "utf8");
      return [...source.matchAll(/(?:from|import\()\s*["'](\.[^"']+)["']/g)].map((m) => ({ from: `${folder}/${f}`, to: relative(WORKER, normalize(join(dir, m[1]))) }));
    });
}

describe("worker layers", () => {
  it("each folder imports only from lower layers or its own folder", () => {
    const upward = Object.keys(LAYER).flatMap((folder) =>
      importsOf(folder)
        .filter(({ to }) => {
          const target = to.split("/")[0];
          return target !== folder && target in LAYER && LAYER[target] >= LAYER[folder];
        })
        .map(({ from, to }) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it("the Notion client imports nothing of ours but generic helpers", () => {
    const outside = importsOf("notion").filter(({ to }) => !to.startsWith("notion/") && !to.startsWith("lib/"));
    expect(outside).toEqual([]);
  });
});
