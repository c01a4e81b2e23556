import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { freePort } from "./scripts/lib/ports.ts";
import { NOTION_TEST_TOKEN } from "./worker/test/notion-test-server.ts";

export default defineConfig(async () => {
  // The local Notion server's port is chosen here so the worker's bindings can point at it; the global setup
  // starts the server on it. Kept in the environment so a second evaluation of this config agrees.
  process.env.NOTION_TEST_PORT ??= String(await freePort());
  const notionUrl = `http://127.0.0.1:${process.env.NOTION_TEST_PORT}`;
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations("./worker/migrations"),
            NOTION_TOKEN: NOTION_TEST_TOKEN,
            NOTION_API_URL: notionUrl,
            NOTION_TEST_URL: notionUrl,
            // The local Notion server has no rate limit: the syncs the tests run need not wait at Notion's pace.
            NOTION_REQUESTS_PER_SECOND: "50",
            ADMIN_PASSWORD: "test-password",
            DEPLOY_HOOK_URL: "",
            // Webhook batches run when a test fires the debouncer's alarm (runDurableObjectAlarm), never on their own.
            NOTION_WEBHOOK_DEBOUNCE_MS: "600000",
          },
          // The site's own public files stand in for the built site's: setup fetches the demo's pictures from /demo-images/.
          assets: { directory: "./site/public", binding: "ASSETS" },
          // As in production, where Email Routing sends only to verified addresses: any other destination is refused.
          email: { send_email: [{ name: "ENQUIRY_EMAIL", allowed_destination_addresses: ["dealer@example.com"] }] },
        },
      }),
    ],
    test: {
      include: ["worker/**/*.worker.test.ts"],
      // One workerd for every file instead of one each: starting one per file cost more CPU than the tests themselves.
      // worker/test/apply-migrations.ts gives each file empty storage and a fresh local Notion.
      isolate: false,
      setupFiles: ["./worker/test/apply-migrations.ts"],
      globalSetup: ["./worker/test/global-setup.ts", "./worker/test/hook-recorder-setup.ts"],
    },
  };
});
