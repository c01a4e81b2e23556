import { defineConfig } from "vitest/config";

/** `npm start` run for real and stopped by a signal at each moment of its start-up: each file starts whole stacks, so files run one at a time. */
export default defineConfig({
  test: {
    include: ["scripts/**/*.launcher.test.ts"],
    fileParallelism: false,
    // The longest wait for a moment (300 s in start.launcher.test.ts) plus the stop and the checks after it.
    testTimeout: 360_000,
    hookTimeout: 30_000,
  },
});
