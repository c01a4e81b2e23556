import { configDefaults, defineConfig } from "vitest/config";
import { e2eGroup } from "./site/test/e2e-groups.ts";

const group = e2eGroup(process.env.E2E_GROUP);

export default defineConfig({
  test: {
    include: group.include,
    exclude: [...configDefaults.exclude, ...group.exclude],
    // One Chromium and one shared worker: files run one after another, in any order (each file sets up the state it needs).
    fileParallelism: false,
    // The files share that worker's module cache too: no file pays for a fresh fork and for loading playwright-core
    // and the support modules again.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than a page takes to fetch and render an answer beside three other test
    // lanes on two cores; a poll that must settle sooner says so itself.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
