import { applyD1Migrations, env } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    /** Types `exports.default` from "cloudflare:workers" as the worker's own module. */
    interface GlobalProps {
      mainModule: typeof import("../index");
    }
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      /** URL of the local Notion server started by the global setup. */
      NOTION_TEST_URL?: string;
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
