import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["site/e2e/**/*.e2e.test.ts"],
    // One Chromium and one shared worker: files run one after another, in any order (each file sets up the state it needs).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
