import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./worker/migrations"),
          NOTION_TOKEN: "test-token",
          ADMIN_PASSWORD: "test-password",
          DEPLOY_HOOK_URL: "",
        },
      },
    }),
  ],
  test: {
    include: ["worker/**/*.worker.test.ts"],
    setupFiles: ["./worker/test/apply-migrations.ts"],
    globalSetup: ["./worker/test/global-setup.ts", "./worker/test/hook-recorder-setup.ts"],
  },
}));
