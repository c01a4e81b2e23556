import * as z from "zod/mini";
import { ADMIN_PATHS } from "#contract/api-paths";
import {
  CacheStatsSchema,
  MessageResultSchema,
  NotionParentSchema,
  NotionCheckSchema,
  NotionTablesSchema,
  SchemaSyncResultSchema,
  SessionStateSchema,
  SyncRefusedSchema,
  SyncStartedSchema,
  type SyncStartAnswer,
  type ConfirmRemovalBody,
  type SyncTableBody,
} from "#contract/admin-api";
import { EnquiriesDeletedSchema, EnquiriesPageSchema, type EnquiriesDelete, type EnquiryStatus } from "#contract/enquiries";
import { AdminSettingsSchema, SettingsSavedSchema, type DealerSettingsPatch } from "#contract/site-settings";
import { RebuildHookResultSchema, RebuildHookStateSchema } from "#contract/rebuild-hook";
import { CatalogueCheckedSchema, FirstRunStateSchema, NotionConnectionSchema, SetupStartedSchema } from "#contract/first-run";
import { SyncRunProgressSchema, SyncRunsSchema, SyncStatusSchema } from "#contract/sync-runs";
import { WebhookStateSchema } from "#contract/webhook-status";
import { assertOk, getJson } from "../../../lib/http";

/** `/build-info.json`: when the static site was built (`nothingPublished` in a new site's first-run build). */
const BuildInfoSchema = z.object({ builtAt: z.string(), nothingPublished: z.optional(z.boolean()) });
/** `/build-info.json`: when the static site was built. */
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

/** The static site's build stamp, written by the build next to the pages (not a worker path). */
const BUILD_INFO_PATH = "/build-info.json";

/** An admin answer checked against its contract schema; one of another shape fails naming the path and the first wrong field. */
function parseAnswer<S extends z.ZodMiniType>(schema: S, path: string, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as z.infer<S>;
  const issue = parsed.error.issues[0];
  throw new Error(`Unexpected answer from ${path}: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "wrong shape"}`);
}

async function read<S extends z.ZodMiniType>(schema: S, path: string): Promise<z.infer<S>> {
  return parseAnswer(schema, path, await getJson(path, { cache: "no-store" }));
}

const request = (method: string, path: string, body?: unknown) =>
  fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function send<S extends z.ZodMiniType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
  return parseAnswer(schema, path, await (await assertOk(await request(method, path, body))).json());
}

/** Starts a sync run: its 202 `{success: true, runId}`, or the 409 `{success: false, message}` while another sync runs; any other failure throws. */
async function startSync(path: string, body?: unknown): Promise<SyncStartAnswer> {
  const res = await request("POST", path, body);
  if (res.status === 409) {
    const refused = SyncRefusedSchema.safeParse(
      await res
        .clone()
        .json()
        .catch(() => null),
    );
    if (refused.success) return refused.data;
  }
  return parseAnswer(SyncStartedSchema, path, await (await assertOk(res)).json());
}

/** Whether this browser holds an admin session. */
export const readSession = () => read(SessionStateSchema, ADMIN_PATHS.session);
/** Signs in; failures are HttpErrors (401 wrong password, 429 throttled, 503 not configured). */
export const signIn = (password: string) => send(SessionStateSchema, "POST", ADMIN_PATHS.session, { password });
/** Signs out (clears the session cookie). */
export const signOut = () => send(SessionStateSchema, "DELETE", ADMIN_PATHS.session);
/** Cache on/off state, key count, hits and misses. */
export const readCacheStats = () => read(CacheStatsSchema, ADMIN_PATHS.cacheStats);
/** Empties the server cache. */
export const clearServerCache = () => send(MessageResultSchema, "POST", ADMIN_PATHS.cacheClear);
/** Turns server caching on or off. */
export const setCaching = (enabled: boolean) =>
  send(MessageResultSchema, "POST", enabled ? ADMIN_PATHS.cacheEnable : ADMIN_PATHS.cacheDisable);
/** Recreates every notion_* table from the Notion schemas. */
export const syncSchemas = () => send(SchemaSyncResultSchema, "POST", ADMIN_PATHS.syncSchemas);
/** The synced tables with their record counts. */
export const readNotionTables = () => read(NotionTablesSchema, ADMIN_PATHS.notionTables);
/** Starts pulling one table's rows from Notion (a sync run, followed with `readSyncRun`), or says another sync runs. */
export const syncTable = (tableName: string, databaseId: string) =>
  startSync(ADMIN_PATHS.syncTable, { tableName, databaseId } satisfies SyncTableBody);
/** Confirms a sync's held removal from one table and starts that table's sync to carry it out, or says the next sync will (another runs). */
export const confirmTableRemoval = (tableName: string) => startSync(ADMIN_PATHS.confirmRemoval, { tableName } satisfies ConfirmRemovalBody);
/** Starts the full sync of every table (a sync run, followed with `readSyncRun`), or says another sync runs. */
export const syncAllTables = () => startSync(ADMIN_PATHS.syncAll);
/** One sync run's progress and outcome. */
export const readSyncRun = (runId: number) => read(SyncRunProgressSchema, `${ADMIN_PATHS.syncRuns}/${runId}`);
/** The last sync and the last rebuild request. */
export const readSyncStatus = () => read(SyncStatusSchema, ADMIN_PATHS.syncStatus);
/** The latest `limit` syncs, newest first. */
export const readSyncRuns = (limit: number) => read(SyncRunsSchema, `${ADMIN_PATHS.syncRuns}?limit=${limit}`);
/** The Notion webhook subscription and what waits in the debouncer. */
export const readWebhookState = () => read(WebhookStateSchema, ADMIN_PATHS.notionWebhook);
/** Forgets the webhook subscription and makes a new webhook URL (the old one answers 404 from then on). */
export const resetWebhook = () => send(MessageResultSchema, "DELETE", ADMIN_PATHS.notionWebhook);
/** When the deployed static site was built. */
export const readBuildInfo = () => read(BuildInfoSchema, BUILD_INFO_PATH);
/** One page of enquiries of `status`, newest first, with the count of open ones. */
export const readEnquiries = (status: EnquiryStatus, page: number) =>
  read(EnquiriesPageSchema, `${ADMIN_PATHS.enquiries}?${new URLSearchParams({ status, page: String(page) })}`);
/** Marks an enquiry handled. */
export const markEnquiryHandled = (id: string) =>
  send(MessageResultSchema, "POST", `${ADMIN_PATHS.enquiries}/${encodeURIComponent(id)}/handled`);
/** Deletes enquiries by id, or every flagged one not yet handled. */
export const deleteEnquiries = (body: EnquiriesDelete) => send(EnquiriesDeletedSchema, "POST", `${ADMIN_PATHS.enquiries}/delete`, body);
/** The dealer's settings in effect and what is switched off. */
export const readSettings = () => read(AdminSettingsSchema, ADMIN_PATHS.settings);
/** Saves the settings `patch` names (null: back to the default). */
export const saveSettings = (patch: DealerSettingsPatch) => send(SettingsSavedSchema, "PUT", ADMIN_PATHS.settings, patch);
/** Whether the Notion workspace holds every database and property the sync reads, and what to fix if not. */
export const readNotionCheck = () => read(NotionCheckSchema, ADMIN_PATHS.notionCheck);
/** The deploy hook the worker calls after a sync: where it comes from, masked. */
export const readRebuildHook = () => read(RebuildHookStateSchema, ADMIN_PATHS.rebuildHook);
/** Tests the pasted deploy hook with one call and stores it when it answered 2xx; a refused one is an HttpError saying why. */
export const setRebuildHook = (url: string) => send(RebuildHookResultSchema, "PUT", ADMIN_PATHS.rebuildHook, { url });
/** Forgets the admin panel's deploy hook (the DEPLOY_HOOK_URL secret, if any, is used again). */
export const removeRebuildHook = () => send(RebuildHookResultSchema, "DELETE", ADMIN_PATHS.rebuildHook);
/** The first-run card's steps, each done or not. */
export const readFirstRun = () => read(FirstRunStateSchema, ADMIN_PATHS.firstRun);
/** The integration behind the token, the catalogue's page as Notion shows it, and the pages shared with the integration. */
export const readNotionConnection = () => read(NotionConnectionSchema, `${ADMIN_PATHS.firstRun}/notion`);
/** Keeps the page (its link or id) the catalogue sits under; a page Notion does not show the integration is an HttpError saying how to share it. */
export const setCataloguePage = (page: string) => send(NotionParentSchema, "PUT", ADMIN_PATHS.notionParent, { page });
/** Starts "Create the catalogue under this page", with or without the demo; 409 while one runs. */
export const startCatalogueSetup = (demo: boolean) => send(SetupStartedSchema, "POST", `${ADMIN_PATHS.firstRun}/setup`, { demo });
/** "Use my databases": the workspace check under the kept page, recorded. */
export const checkMyDatabases = () => send(CatalogueCheckedSchema, "POST", `${ADMIN_PATHS.firstRun}/check`);
