import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; many files here wait on child processes and local servers
    // (scripts/deploy/deploy.test.ts alone spawns about 70 fake wranglers), so two at once (docs/development.md, "How npm test runs").
    maxWorkers: 2,
    projects: [
      {
        // Node has no `cloudflare:workers`; the worker's entry imports it for its Durable Objects and its Workflow.
        resolve: {
          alias: {
            "cloudflare:workers": fileURLToPath(new URL("./worker/test/cloudflare-workers-node.ts", import.meta.url)),
          },
        },
        test: {
          name: "unit",
          // Files share their two workers (and the modules loaded) instead of a fresh process each. A test
          // that needs a module afresh, as one that reads the environment when loaded, imports it after vi.resetModules().
          isolate: false,
          include: [
            "contract/**/*.test.ts",
            "worker/**/*.test.ts",
            "site/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "workspace/**/*.test.ts",
          ],
          exclude: ["**/*.worker.test.ts", "**/*.astro.test.ts", "**/*.launcher.test.ts", "**/node_modules/**", "site/e2e/**"],
        },
      },
      "./vitest.astro.config.ts",
    ],
  },
});
