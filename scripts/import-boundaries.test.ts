import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.parentPath.includes("node_modules"))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Every import of the files under `dir`: the file, the specifier, and the repository path it names (relative ones only). */
function importsUnder(dir: string): { file: string; spec: string; target: string | null }[] {
  return filesUnder(dir).flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(SPECIFIER)].map(([, spec]) => ({
      file,
      spec,
      target: spec.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : null,
    })),
  );
}

const into = (target: string | null, ...dirs: string[]) => target !== null && dirs.some((d) => target.startsWith(`${d}/`));

describe("import boundaries: site and worker share only contract/", () => {
  it("the site imports nothing from worker/", () => {
    expect(importsUnder("site").filter((i) => into(i.target, "worker"))).toEqual([]);
  });

  it("the scripts import nothing from worker/", () => {
    expect(importsUnder("scripts").filter((i) => into(i.target, "worker"))).toEqual([]);
  });

  it("the worker imports nothing from site/ or scripts/ (its test setup may start the local Notion server)", () => {
    expect(importsUnder("worker").filter((i) => into(i.target, "site", "scripts") && !i.file.startsWith("worker/test/"))).toEqual([]);
  });

  it("contract/ imports only itself and zod/mini, so it compiles for the worker and the browser alike", () => {
    const allowed = (i: { file: string; spec: string; target: string | null }) =>
      into(i.target, "contract") || i.spec.startsWith("#contract/") || i.spec === "zod/mini" || (i.file.endsWith(".test.ts") && i.spec === "vitest");
    expect(importsUnder("contract").filter((i) => !allowed(i))).toEqual([]);
  });
});
