import { applyD1Migrations, env, reset } from "cloudflare:test";

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

/** Drops every table, view and trigger of the test database, the migrations' own record included. */
async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ type: string; name: string; sql: string | null }>();
  // A virtual table (the search index) drops its own shadow tables: drop it before them, and the rest only if still there.
  const order = (r: { type: string; sql: string | null }) => (r.type !== "table" ? 0 : /^CREATE VIRTUAL/i.test(r.sql ?? "") ? 1 : 2);
  for (const { type, name } of results.sort((a, b) => order(a) - order(b))) {
    await db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`).run();
  }
}

// Every test file shares one workerd (`isolate: false` in vitest.worker.config.ts) and the local Notion server, and each
// starts from the same state whatever ran before it: empty storage (reset() deletes every Durable Object, so KV, R2,
// Workflows and our own; the database is emptied table by table) and Notion's demo workspace, faults and stats cleared.
await reset();
const notion = await fetch(`${env.NOTION_TEST_URL}/__control/reset`, { method: "POST" });
if (!notion.ok) throw new Error(`The local Notion server did not reset: ${notion.status} ${await notion.text()}`);
await emptyDatabase(env.DB);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
