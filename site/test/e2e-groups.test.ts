import { globSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { E2E_FILES, e2eGroup } from "./e2e-groups";

const ROOT = resolve(import.meta.dirname, "../..");
const files = (globs: string[], exclude: string[] = []) => globSync(globs, { cwd: ROOT, exclude }).sort();

describe("the browser test groups npm test runs side by side", () => {
  it("together hold every browser test file once", () => {
    const rebuilds = files(e2eGroup("rebuilds").include);
    const pages = files(e2eGroup("pages").include, e2eGroup("pages").exclude);
    expect(rebuilds.length).toBeGreaterThan(5);
    expect(pages.length).toBeGreaterThan(5);
    expect(rebuilds.filter((f) => pages.includes(f))).toEqual([]);
    expect([...rebuilds, ...pages].sort()).toEqual(files([E2E_FILES]));
  });

  it("refuses a group it does not know", () => {
    expect(() => e2eGroup("admin")).toThrow('E2E_GROUP=admin: use "rebuilds", "pages", or leave it unset for every file');
  });
});
