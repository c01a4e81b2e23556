import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../lib/quiet-env.ts";
import { readDeployConfig } from "./config.ts";
import { templateProblems } from "./template.ts";

const config = readDeployConfig();
let dir: string;

/** A copy of the files the template checks read, changed by `edit` (package.json parsed), for one check. */
function copyWith(edit: { pkg?: (pkg: Record<string, any>) => void; devVars?: string; nodeVersion?: string }): string {
  dir = mkdtempSync(join(tmpdir(), "template-test-"));
  for (const file of ["package.json", ".dev.vars.example", ".node-version"]) cpSync(resolve(ROOT, file), join(dir, file));
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, any>;
  edit.pkg?.(pkg);
  writeFileSync(join(dir, "package.json"), JSON.stringify(pkg));
  if (edit.devVars !== undefined) writeFileSync(join(dir, ".dev.vars.example"), edit.devVars);
  if (edit.nodeVersion !== undefined) writeFileSync(join(dir, ".node-version"), edit.nodeVersion);
  return dir;
}

afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("the repository as a Deploy to Cloudflare template", () => {
  it("has no account or resource id, the build and deploy scripts Workers Builds runs, the dealer's secrets described, one Node minimum", () => {
    expect(templateProblems(config)).toEqual([]);
  });

  it("names each thing that would break the button path", () => {
    const root = copyWith({
      pkg: (pkg) => {
        pkg.scripts.build = "astro build";
        delete pkg.cloudflare.bindings.ADMIN_PASSWORD;
        pkg.engines.node = ">=22.12";
      },
      devVars: "NOTION_TOKEN=\nADMIN_PASSWORD=\nTURNSTILE_SECRET=\n",
      nodeVersion: "20",
    });
    expect(templateProblems({ ...config, accountId: "0123", kv: [{ binding: "CACHE", id: "abc" }] }, root)).toEqual([
      "wrangler.toml pins an account_id: a template deploys to whichever account signs in",
      "wrangler.toml pins a resource id: every resource must be found or made by name on the account that deploys",
      'package.json\'s "build" script must be `node scripts/hosted-build.ts` (the button gives it to Workers Builds)',
      ".dev.vars.example must list exactly the secrets a dealer types (NOTION_TOKEN, ADMIN_PASSWORD), not NOTION_TOKEN, ADMIN_PASSWORD, TURNSTILE_SECRET",
      "package.json's cloudflare.bindings.ADMIN_PASSWORD.description is missing: the button shows it beside the field",
      "package.json's cloudflare.bindings.TURNSTILE_SECRET.description is missing: the button shows it beside the field",
      "package.json's engines.node must be \">=22.18\", the scripts' own minimum",
      ".node-version (20) must name a Node of at least 22.18 for Workers Builds",
    ]);
  });
});
