import type { SyncHistoryRun, SyncRunProgress } from "../../worker/data/sync-history";
import type { SyncRun } from "../../worker/data/sync-runs";
import type { CacheStats, NotionTable, SchemaSyncResult } from "../../worker/domain/types";
import { assertOk, getJson } from "./http";

/** `GET|POST|DELETE /api/admin/session` body. */
export type SessionState = { authenticated: boolean; expiresAt: string | null };
/** `GET /api/admin/sync-status` body (`syncing`: a sync holds the lock now; `rebuildConfigured`: the worker has DEPLOY_HOOK_URL, missing from older workers). */
export type SyncStatus = { lastSync: SyncRun | null; lastRebuild: SyncRun | null; syncing: boolean; rebuildConfigured?: boolean };
/** `/build-info.json`: when the static site was built. */
export type BuildInfo = { builtAt: string };
/** Body of the admin calls that start a sync run (202): follow it with `readSyncRun`. */
export type SyncStarted = { runId: number; message: string };
/** Body of the admin mutations that answer with a message. */
export type MessageResult = { success?: boolean; message: string };

/** Admin API paths. */
export const ADMIN_PATHS = {
  session: "/api/admin/session",
  cacheStats: "/api/admin/cache/stats",
  cacheClear: "/api/admin/cache/clear",
  cacheEnable: "/api/admin/cache/enable",
  cacheDisable: "/api/admin/cache/disable",
  syncSchemas: "/api/admin/notion-sync-schemas",
  notionTables: "/api/admin/notion-tables",
  syncTable: "/api/admin/notion-sync-table",
  syncStatus: "/api/admin/sync-status",
  syncRuns: "/api/admin/sync-runs",
  buildInfo: "/build-info.json",
} as const;

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await assertOk(res)).json() as Promise<T>;
}

/** Whether this browser holds an admin session. */
export const readSession = () => getJson(ADMIN_PATHS.session, { cache: "no-store" }) as Promise<SessionState>;
/** Signs in; failures are HttpErrors (401 wrong password, 429 throttled, 503 not configured). */
export const signIn = (password: string) => send<SessionState>("POST", ADMIN_PATHS.session, { password });
/** Signs out (clears the session cookie). */
export const signOut = () => send<SessionState>("DELETE", ADMIN_PATHS.session);
/** Cache on/off state, key count, hits and misses. */
export const readCacheStats = () => getJson(ADMIN_PATHS.cacheStats, { cache: "no-store" }) as Promise<CacheStats>;
/** Empties the server cache. */
export const clearServerCache = () => send<MessageResult>("POST", ADMIN_PATHS.cacheClear);
/** Turns server caching on or off. */
export const setCaching = (enabled: boolean) => send<MessageResult>("POST", enabled ? ADMIN_PATHS.cacheEnable : ADMIN_PATHS.cacheDisable);
/** Recreates every notion_* table from the Notion schemas. */
export const syncSchemas = () => send<SchemaSyncResult>("POST", ADMIN_PATHS.syncSchemas);
/** The synced tables with their record counts. */
export const readNotionTables = () => getJson(ADMIN_PATHS.notionTables, { cache: "no-store" }) as Promise<{ tables: NotionTable[] }>;
/** Starts pulling one table's rows from Notion (a sync run). */
export const syncTable = (tableName: string, databaseId: string) => send<SyncStarted>("POST", ADMIN_PATHS.syncTable, { tableName, databaseId });
/** One sync run's progress and outcome. */
export const readSyncRun = (runId: number) => getJson(`${ADMIN_PATHS.syncRuns}/${runId}`, { cache: "no-store" }) as Promise<SyncRunProgress>;
/** The last sync and the last rebuild request. */
export const readSyncStatus = () => getJson(ADMIN_PATHS.syncStatus, { cache: "no-store" }) as Promise<SyncStatus>;
/** The latest `limit` syncs, newest first. */
export const readSyncRuns = (limit: number) => getJson(`${ADMIN_PATHS.syncRuns}?limit=${limit}`, { cache: "no-store" }) as Promise<{ runs: SyncHistoryRun[] }>;
/** When the deployed static site was built. */
export const readBuildInfo = () => getJson(ADMIN_PATHS.buildInfo, { cache: "no-store" }) as Promise<BuildInfo>;
