import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "./lib/quiet-env.ts";

// ESLint's first lint loads the project's config, typescript-eslint and the React plugin, which on a busy machine takes
// longer than vitest's 5 s per test. One instance for the file, warmed here under a hook limit sized for that cold start,
// so each case below times only its own lint.
const COLD_START_MS = 60_000;
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export const warm = 1;\n", { filePath: "contract/warm.ts" });
}, COLD_START_MS);

// The first lint of an Astro file loads the Astro parser: paid once here, under the same limit.
beforeAll(async () => {
  await eslint.lintText("---\n---\n", { filePath: "site/pages/warm-up.astro" });
}, COLD_START_MS);

/**
 * The import-boundary messages the project's ESLint config reports for one import written in a file at `filePath` (an
 * Astro component's in its frontmatter); `type`: the import brings in a type only.
 */
async function boundaryErrors(filePath: string, specifier: string, type = false): Promise<string[]> {
  const imports = type ? `import type { X } from "${specifier}";\nconst x: X | null = null;\n` : `import { x } from "${specifier}";\n`;
  const code = filePath.endsWith(".astro") ? `---\n${imports}---\n<p>{x}</p>\n` : `${imports}export const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries (eslint.config.mjs)", () => {
  it.each([
    ["site/features/listing/x.ts", "../../../worker/data/x", "The site imports only contract/"],
    ["site/lib/x.ts", "../../worker/x", "The site imports only contract/"],
    ["site/pages/x.astro", "../../worker/data/items", "The site imports only contract/"],
    ["site/lib/x.ts", "../../scripts/lib/x.ts", "never worker/, scripts/ or workspace/"],
    ["site/e2e/x.e2e.test.ts", "../../worker/tables/lock", "Site tests never import the worker"],
    ["contract/x.ts", "../worker/lib/x", "contract/ imports nothing of ours"],
    ["worker/notion/x.ts", "../sync/x", "worker/notion imports only lower layers"],
    ["worker/notion/x.ts", "../tables/schema", "worker/notion imports only lower layers"],
    ["worker/tables/x.ts", "../sync/properties", "worker/tables imports only lower layers"],
    ["worker/data/x.ts", "../routes/x", "worker/data imports only lower layers"],
    ["worker/sync/x.ts", "../middleware/x", "worker/sync imports only lower layers"],
    ["worker/sync/jobs/x.ts", "../../routes/x", "worker/sync imports only lower layers"],
    ["worker/data/x.ts", "../sync/jobs/copy-job", "worker/data imports only lower layers"],
    ["worker/lib/x.ts", "../notion/x", "worker/lib imports only lower layers"],
    ["worker/routes/x.ts", "../index", "Only the entry file wires the worker"],
    ["worker/data/x.ts", "../../site/lib/x", "The worker never imports the site or scripts/"],
    ["worker/test/x.ts", "../../scripts/lib/x.ts", "worker/test may import only scripts/notion-server and scripts/lib/demo-workspace.ts"],
    ["site/lib/x.ts", "#workspace/demo/load", "never worker/, scripts/ or workspace/"],
    ["site/features/admin/cache/x.tsx", "../../../../workspace/setup/run-setup.ts", "never worker/, scripts/ or workspace/"],
    ["contract/x.ts", "#workspace/setup/run-setup", "contract/ imports nothing of ours"],
    ["contract/x.ts", "../workspace/demo/load.ts", "contract/ imports nothing of ours"],
    ["worker/notion/x.ts", "#workspace/setup/find-catalogue", "worker/notion never imports workspace/"],
    ["worker/data/x.ts", "#workspace/demo/load", "worker/data never imports workspace/"],
    ["worker/lib/x.ts", "#workspace/setup/request-rules", "worker/lib never imports workspace/"],
    ["workspace/setup/x.ts", "../../worker/notion/client", "workspace/ imports only contract/ and packages"],
    ["workspace/setup/x.ts", "../../scripts/lib/demo-workspace.ts", "workspace/ imports only contract/ and packages"],
    ["workspace/demo/x.ts", "../../site/lib/x.ts", "workspace/ imports only contract/ and packages"],
    ["workspace/setup/x.ts", "node:fs/promises", "workspace/ runs in the worker too: no Node modules"],
    ["workspace/demo/x.ts", "../setup/run-setup.ts", "workspace/demo is plain content"],
    ["scripts/notion-server/x.ts", "#workspace/demo/load", "The local Notion server never imports workspace/"],
    ["scripts/notion-server/handlers/x.ts", "../../lib/demo-workspace.ts", "The local Notion server never chooses the demo"],
    ["scripts/notion-server/x.ts", "../../worker/lib/log", "scripts/ never import the worker"],
    ["worker/sync/x.ts", "../routes/lib/validate", "worker/sync imports only lower layers"],
    ["worker/middleware/x.ts", "../routes/lib/validate", "worker/middleware imports only lower layers"],
    ["scripts/start.ts", "../worker/index.ts", "scripts/ never import the worker"],
    ["scripts/launcher/x.ts", "../../worker/lib/log", "scripts/ never import the worker"],
    ["scripts/bench/web.ts", "../../site/lib/seo.ts", "scripts/ import from site/ only site/e2e/support/browser.ts"],
    ["scripts/notion-setup/x.ts", "../../site/e2e/support/stack.ts", "scripts/ import from site/ only site/e2e/support/browser.ts"],
    ["scripts/lib/x.ts", "../launcher/stack.ts", "scripts/lib holds what several scripts share"],
    ["scripts/lib/x.ts", "../bench/lib/scale-run.ts", "scripts/lib holds what several scripts share"],
    ["scripts/launcher/x.ts", "../bench/lib/bench-worker.ts", "scripts/launcher never imports the benchmarks"],
    ["scripts/x.ts", "./pixel-art/art/branding.ts", "The drawing code (scripts/pixel-art) is imported by nothing"],
    ["scripts/lib/x.ts", "../pixel-art/png.ts", "The drawing code (scripts/pixel-art) is imported by nothing"],
    ["scripts/bench/lib/x.ts", "../../pixel-art/canvas.ts", "The drawing code (scripts/pixel-art) is imported by nothing"],
  ])("%s importing %s is reported", async (filePath, specifier, message) => {
    const errors = await boundaryErrors(filePath, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["site/features/listing/x.ts", "#contract/categories"],
    ["site/features/listing/x.ts", "../../lib/x"],
    ["site/lib/build/x.test.ts", "../../../scripts/lib/listen.ts"],
    ["worker/notion/x.ts", "../lib/x"],
    ["worker/notion/x.ts", "#contract/public-api"],
    ["worker/sync/x.ts", "../tables/naming"],
    ["worker/sync/x.ts", "../cache/keys"],
    ["worker/sync/jobs/x.ts", "../pages/page-row"],
    ["worker/sync/jobs/x.ts", "../../tables/naming"],
    ["worker/routes/x.ts", "../middleware/x"],
    ["worker/index.ts", "./routes/x"],
    ["site/pages/x.astro", "#contract/categories"],
    ["worker/sync/x.worker.test.ts", "../index"],
    ["worker/test/x.ts", "../../scripts/notion-server/server.ts"],
    ["worker/routes/x.ts", "./lib/validate"],
    ["worker/routes/enquiries/x.ts", "../../lib/errors"],
    ["scripts/bench/web.ts", "../../site/e2e/support/browser.ts"],
    ["scripts/bench/x.ts", "../launcher/stack.ts"],
    ["scripts/bench/lib/x.ts", "../../lib/run.ts"],
    ["scripts/launcher/x.ts", "../lib/run.ts"],
    ["scripts/launcher/x.ts", "../notion-server/server.ts"],
    ["scripts/lib/x.ts", "#contract/api-paths"],
    ["worker/sync/x.ts", "#workspace/setup/run-setup"],
    ["worker/routes/x.ts", "#workspace/demo/images"],
    ["workspace/setup/x.ts", "#contract/notion-layout"],
    ["workspace/setup/x.ts", "@notionhq/client"],
    ["workspace/setup/x.ts", "../demo/load.ts"],
    ["workspace/setup/x.test.ts", "../../scripts/notion-server/server.ts"],
    ["scripts/notion-setup/x.ts", "#workspace/setup/run-setup"],
    ["scripts/notion-server/x.test.ts", "../lib/demo-workspace.ts"],
    ["scripts/notion-server/cli.ts", "../lib/demo-workspace.ts"],
    ["worker/test/x.ts", "../../scripts/lib/demo-workspace.ts"],
    ["scripts/notion-server/x.ts", "#contract/notion"],
    ["scripts/pixel-art/art/x.ts", "../canvas.ts"],
    ["scripts/pixel-art/x.ts", "../lib/demo-workspace.ts"],
  ])("%s importing %s is allowed", async (filePath, specifier) => {
    expect(await boundaryErrors(filePath, specifier)).toEqual([]);
  });
});

describe("worker/sync's rooms in one direction (eslint.config.mjs)", () => {
  // steps < mapping < files < pages < publish < webhook < jobs < setup: a room imports only those before it.
  it.each([
    ["worker/sync/steps/x.ts", "../jobs/job-common", "worker/sync/steps imports only the rooms below it"],
    ["worker/sync/steps/x.ts", "../webhook/sync-debouncer", "worker/sync/steps imports only the rooms below it"],
    ["worker/sync/steps/x.ts", "../../sync/pages/page-row", "worker/sync/steps imports only the rooms below it"],
    ["worker/sync/mapping/x.ts", "../files/copy-files", "worker/sync/mapping imports only the rooms below it"],
    ["worker/sync/files/x.ts", "../pages/page-row", "worker/sync/files imports only the rooms below it"],
    ["worker/sync/pages/x.ts", "../jobs/kept-bodies", "worker/sync/pages imports only the rooms below it"],
    ["worker/sync/publish/x.ts", "../webhook/sync-debouncer", "worker/sync/publish imports only the rooms below it"],
    ["worker/sync/webhook/x.ts", "../jobs/webhook-sync", "worker/sync/webhook imports only the rooms below it"],
    ["worker/sync/jobs/x.ts", "../setup/start-setup", "worker/sync/jobs imports only the rooms below it"],
  ])("%s importing %s is reported, for a value and for a type alike", async (filePath, specifier, message) => {
    for (const type of [false, true]) {
      const errors = await boundaryErrors(filePath, specifier, type);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(message);
    }
  });

  it("still holds the sync's own boundaries in a room: no route, no entry file", async () => {
    expect(await boundaryErrors("worker/sync/pages/x.ts", "../../routes/lib/validate")).toEqual([
      expect.stringContaining("worker/sync imports only lower layers"),
    ]);
    expect(await boundaryErrors("worker/sync/steps/x.ts", "../../index")).toEqual([
      expect.stringContaining("Only the entry file wires the worker"),
    ]);
  });

  it.each([
    ["worker/sync/mapping/x.ts", "../steps/metered-step"],
    ["worker/sync/pages/x.ts", "../files/copy-files"],
    ["worker/sync/pages/x.ts", "../mapping/row-values"],
    ["worker/sync/webhook/x.ts", "../steps/start-sync"],
    ["worker/sync/jobs/x.ts", "../webhook/sync-debouncer"],
    ["worker/sync/jobs/x.ts", "../publish/after-sync"],
    ["worker/sync/setup/x.ts", "../steps/durable-step"],
    ["worker/sync/setup/x.ts", "../jobs/find-catalogue"],
    ["worker/sync/jobs/x.ts", "../../tables/registry"],
    ["worker/sync/jobs/x.ts", "#workspace/setup/run-setup"],
    ["worker/sync/steps/x.worker.test.ts", "../jobs/sync-workflow"],
  ])("%s importing %s is allowed, for a value and for a type alike", async (filePath, specifier) => {
    for (const type of [false, true]) expect(await boundaryErrors(filePath, specifier, type)).toEqual([]);
  });
});

describe("worker globals (eslint.config.mjs)", () => {
  /** no-restricted-globals messages for `code` written in a file at `filePath`. */
  async function globalErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-globals").map((m) => m.message);
  }

  it("reports process in worker code, which the Workers types let through as any", async () => {
    const errors = await globalErrors("worker/lib/x.ts", "export const token = process.env.NOTION_TOKEN;\n");
    expect(errors).toEqual(["Unexpected use of 'process'. Worker code reads bindings from env, not process."]);
  });

  it("lets the worker's Node-run tests and the scripts use process", async () => {
    expect(await globalErrors("worker/lib/x.test.ts", "export const port = process.env.PORT;\n")).toEqual([]);
    expect(await globalErrors("scripts/lib/x.ts", "export const port = process.env.PORT;\n")).toEqual([]);
  });
});
