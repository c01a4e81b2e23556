import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["worker/**/*.test.ts", "site/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: ["**/*.worker.test.ts", "**/node_modules/**", "site/browser/**"],
  },
});
