import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["site/browser/**/*.browser.test.ts"],
    // One Chromium and one shared worker: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
