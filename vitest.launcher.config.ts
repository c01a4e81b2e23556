import { defineConfig } from "vitest/config";

/** `npm start` run for real and stopped by a signal at each moment of its start-up: slow (a full start is ~1 min), so files run one at a time. */
export default defineConfig({
  test: {
    include: ["scripts/**/*.launcher.test.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 30_000,
  },
});
