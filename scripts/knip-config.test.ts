import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "./lib/quiet-env.ts";

const KNIP = resolve(ROOT, "node_modules/knip/bin/knip.js");
let fixture = "";
// Each case runs the knip CLI once, which on a busy machine takes longer than vitest's 5 s per test.
const KNIP_MS = 60_000;

afterEach(() => rmSync(fixture, { recursive: true, force: true }));

/** Runs knip with the project's knip.jsonc on a small project laid out like ours (a site page, contract/, a script). */
function knipOn(files: Record<string, string>): { status: number | null; out: string } {
  fixture = mkdtempSync(join(tmpdir(), "knip-config-"));
  copyFileSync(resolve(ROOT, "knip.jsonc"), join(fixture, "knip.jsonc"));
  const all = {
    "package.json": JSON.stringify({ name: "fixture", private: true, type: "module", scripts: { x: "node scripts/x.ts" } }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  const run = spawnSync(process.execPath, [KNIP, "--no-progress", "--no-config-hints", "--directory", fixture], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

const page = 'import { price } from "../../contract/price.ts";\nexport const GET = () => new Response(price(1));\n';
const script = 'import { price } from "../contract/price.ts";\nconsole.log(price(2));\n';

describe("knip (npm run lint) with knip.jsonc", () => {
  it(
    "passes a project whose every export, file and dependency is used",
    () => {
      const run = knipOn({
        "site/pages/index.ts": page,
        "scripts/x.ts": script,
        "contract/price.ts": "/** A price. */\nexport const price = (n: number) => `$${n}`;\n",
      });
      expect(run.out).toBe("");
      expect(run.status).toBe(0);
    },
    KNIP_MS,
  );

  it(
    "fails on an export nothing imports and a file nothing reaches, naming each",
    () => {
      const run = knipOn({
        "site/pages/index.ts": page,
        "scripts/x.ts": script,
        "contract/price.ts":
          "/** A price. */\nexport const price = (n: number) => `$${n}`;\n/** Unused. */\nexport const unusedPrice = 0;\n",
        "worker/lib/orphan.ts": "/** Nobody's. */\nexport const orphan = 1;\n",
      });
      expect(run.out).toMatch(/Unused files \(1\)\s+worker\/lib\/orphan\.ts/);
      expect(run.out).toMatch(/Unused exports \(1\)\s+unusedPrice\s+contract\/price\.ts:4:14/);
      expect(run.status).toBe(1);
    },
    KNIP_MS,
  );
});
