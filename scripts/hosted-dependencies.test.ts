import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./lib/quiet-env.ts";

/** The code a hosted build runs or bundles: the site (its build included), the worker, the contract. */
const BUILT = ["site", "worker", "contract"];
/** The programs Workers Builds runs (build and deploy commands) and the Astro config: they and what they import. */
const PROGRAMS = ["astro.config.mjs", "scripts/hosted-build.ts", "scripts/deploy.ts"];
const SOURCE = /\.(ts|tsx|mjs|astro|css)$/;
// Tests, their helpers and the browser tests run only in development.
const DEV_ONLY = /(\.test\.tsx?$|\/e2e\/|\/test\/)/;

/** Every package a file imports by name (Node's, the runtime's and the project's own `#` imports left out). */
function packagesImported(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/\bfrom\s+["']([^"']+)["']/g),
    ...text.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...text.matchAll(/@import\s+["']([^"']+)["']/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !/^(\.|\/|#|node:|cloudflare:|astro:|virtual:)/.test(s))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!));
}

/** The project's own files a file imports (relative specifiers, static or dynamic). */
function localImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.map((s) => join(dirname(file), s)).filter((path) => existsSync(join(ROOT, path)));
}

function builtFiles(): string[] {
  const files = new Set(
    BUILT.flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .map((name) => `${dir}/${name}`)
        .filter((path) => SOURCE.test(path) && !DEV_ONLY.test(path)),
    ),
  );
  const pending = [...PROGRAMS];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file) && !PROGRAMS.includes(file)) continue;
    files.add(file);
    for (const next of localImports(file, readFileSync(join(ROOT, file), "utf8"))) if (!files.has(next)) pending.push(next);
  }
  return [...files];
}

describe("what the hosted build installs", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };

  it("lists every package the site, the worker, the build and deploy programs import under dependencies (npm ci --omit=dev)", () => {
    const missing = new Set<string>();
    for (const file of builtFiles())
      for (const name of packagesImported(readFileSync(join(ROOT, file), "utf8")))
        if (!(name in manifest.dependencies) && !name.startsWith("@types/")) missing.add(`${name} (${file})`);
    expect([...missing]).toEqual([]);
  });

  it("keeps the deploy's wrangler there, and test runners, the browser driver, jsdom and the Node binary out", () => {
    expect(manifest.dependencies).toHaveProperty("wrangler");
    for (const dev of ["vitest", "@cloudflare/vitest-plugin", "playwright-core", "jsdom", "node", "typescript", "eslint"])
      expect(manifest.dependencies).not.toHaveProperty(dev);
  });

  it("finds imports in every form the code uses", () => {
    expect(
      packagesImported(
        'import x from "react";\nimport type { Y } from "@astrojs/rss/types";\nimport "tailwindcss/base.css";\n' +
          'const z = await import("zod/mini");\n@import "tailwindcss" source("../");\nimport { a } from "./a";\nimport "node:fs";',
      ),
    ).toEqual(["react", "@astrojs/rss", "zod", "tailwindcss", "tailwindcss"]);
  });
});
