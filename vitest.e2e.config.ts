import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/** Files in name order, the same on every machine: they share one stack, so a clean clone must run what a warm cache runs. */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ["site/e2e/**/*.e2e.test.ts"],
    // One Chromium and one shared worker: files run one after another.
    fileParallelism: false,
    sequence: { sequencer: ByName },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
