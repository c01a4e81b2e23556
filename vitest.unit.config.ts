import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["worker/**/*.test.ts", "site/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          exclude: ["**/*.worker.test.ts", "**/*.astro.test.ts", "**/*.launcher.test.ts", "**/node_modules/**", "site/browser/**"],
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
