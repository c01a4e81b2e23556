import { ADMIN_PATHS } from "#contract/api-paths";
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { NotionTable, NotionTables, SchemaSyncResult } from "#contract/admin-api";
import { tableNameFor } from "../tables/naming";
import { adminFetch } from "./admin";

/** The local Notion server the workerd tests sync from (started by the global setup). */
export const NOTION = env.NOTION_TEST_URL!;

/** The Notion server's request counters (`GET /__control/stats`). */
export type Stats = { requests: number; byPath: Record<string, number>; rateLimited: number; fileDownloads: number };

/** Calls one of the Notion server's test controls (faults, reset, databases, ...); throws on a refusal. */
export async function control(path: string, body?: unknown, method = "POST"): Promise<Response> {
  const res = await fetch(`${NOTION}/__control/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The Notion server's counters right now. */
export const notionStats = async () => (await (await fetch(`${NOTION}/__control/stats`)).json()) as Stats;

/** Requests counted for paths matching `pattern`. */
export const countPaths = (stats: Stats, pattern: RegExp) => Object.entries(stats.byPath).reduce((n, [path, c]) => n + (pattern.test(path) ? c : 0), 0);

/** Runs the schema sync as the admin panel does and expects it to answer 200. */
export async function syncSchemas(): Promise<SchemaSyncResult> {
  const res = await adminFetch(ADMIN_PATHS.syncSchemas, { method: "POST" });
  expect(res.status).toBe(200);
  return res.json();
}

/** The admin panel's table list. */
export async function listTables(): Promise<NotionTable[]> {
  return (await (await adminFetch(ADMIN_PATHS.notionTables)).json<NotionTables>()).tables;
}

/** Syncs the table of the Notion database titled `title` as the admin panel does. */
export async function syncTable(title: string): Promise<Response> {
  const tableName = tableNameFor(title);
  const table = (await listTables()).find((t) => t.tableName === tableName)!;
  return adminFetch(ADMIN_PATHS.syncTable, { method: "POST", body: { tableName, databaseId: table.databaseId } });
}

/** Every row of the table of the Notion database titled `title`, by id. */
export async function rows<T = Record<string, unknown>>(title: string): Promise<T[]> {
  return (await env.DB.prepare(`SELECT * FROM "${tableNameFor(title)}" ORDER BY id`).all<T>()).results;
}

/** Polls `check` every 20 ms until it is true; throws with `what` after `ms`. */
export async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
