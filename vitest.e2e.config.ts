import { configDefaults, defineConfig } from "vitest/config";
import { e2eGroup } from "./site/test/e2e-groups.ts";

const group = e2eGroup(process.env.E2E_GROUP);

export default defineConfig({
  test: {
    include: group.include,
    exclude: [...configDefaults.exclude, ...group.exclude],
    // One Chromium and one shared worker: files run one after another, in any order (each file sets up the state it needs).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
