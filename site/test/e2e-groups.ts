/**
 * The browser tests in two groups that `npm test` runs side by side, each against a stack of its own (E2E_GROUP,
 * scripts/test-all.ts): the files that sync Notion and rebuild the site again and again, and the visitor pages. The
 * build-faults file builds a copy of its own, changing nothing in the stack: it runs with the pages, to even the two
 * groups out (docs/development.md, "How npm test runs").
 */
const E2E_GROUPS = {
  rebuilds: ["site/e2e/admin-*.e2e.test.ts", "site/e2e/content-fallbacks.e2e.test.ts", "site/e2e/incremental-build.e2e.test.ts"],
} as const;

/** Every browser test file. */
export const E2E_FILES = "site/e2e/**/*.e2e.test.ts";

/** The include and exclude globs of a group: `rebuilds`, `pages` (every other file) or none (every file). */
export function e2eGroup(group: string | undefined): { include: string[]; exclude: string[] } {
  if (group === "rebuilds") return { include: [...E2E_GROUPS.rebuilds], exclude: [] };
  if (group === "pages") return { include: [E2E_FILES], exclude: [...E2E_GROUPS.rebuilds] };
  if (group) throw new Error(`E2E_GROUP=${group}: use "rebuilds", "pages", or leave it unset for every file`);
  return { include: [E2E_FILES], exclude: [] };
}
