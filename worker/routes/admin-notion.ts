import { Hono, type Context } from "hono";
import { ADMIN_PATHS, ADMIN_PREFIX, pathUnder } from "#contract/api-paths";
import type { AppEnv } from "../app-env";
import {
  NotionParentBodySchema,
  ConfirmRemovalBodySchema,
  SyncAllQuerySchema,
  SyncTableBodySchema,
  type NotionCheck,
  type NotionParent,
  type NotionTable,
  type NotionTables,
  type SchemaSyncResult,
  type SyncStartAnswer,
} from "#contract/admin-api";
import { parentPage } from "#workspace/setup/parent-page";
import { SetupError } from "#workspace/setup/setup-error";
import { readSetting, writeSetting } from "../data/site-settings";
import type { RunTrigger } from "#contract/sync-runs";
import { fail } from "../lib/errors";
import { validate } from "./lib/validate";
import { ADMIN_BODY_LIMIT, limitBody } from "../middleware/body-limit";
import { cachedRoute } from "../cache/serve";
import { guarded } from "./lib/guarded";
import { checkCatalogue } from "../sync/setup/catalogue-check";
import { afterSync } from "../sync/publish/after-sync";
import { existingNotionTables } from "../tables/existing-tables";
import { LockBusyError } from "../tables/lock";
import { quoteIdent } from "../tables/naming";
import { listEntries, readEntry } from "../tables/registry";
import { syncSchemas } from "../sync/jobs/schema-job";
import { startSync, type SyncJob } from "../sync/steps/start-sync";
import { notionRun } from "../notion/client";
import { logEvent } from "../lib/log";
import { unpublishedCounts } from "../data/unpublished-pages";
import { confirmHold, waitingHolds } from "../data/removal-holds";
import { purgeCache } from "../cache/purge";

/**
 * Admin Notion sync routes at `/api/admin` (guarded by the admin middleware): the tables and their syncs, Sync Notion
 * Schemas, the full sync, a held removal confirmed, the workspace check and the catalogue's page.
 */
const adminNotion = new Hono<AppEnv>();

/** A route's path under the sub-app's prefix (`/notion-tables`...). */
const at = (path: string) => pathUnder(ADMIN_PREFIX, path);

/** Hono's execution context is workerd's; only its own type declaration is narrower. */
const waitable = (ctx: unknown) => ctx as ExecutionContext;

/** Runs a sync so that it finishes (and frees its lock) even if the operator closes the tab: workerd cancels a request's work on disconnect unless it is waited on. */
function carryOn<T>(ctx: unknown, work: () => Promise<T>): Promise<T> {
  const running = work();
  waitable(ctx).waitUntil(
    running.then(
      () => undefined,
      () => undefined,
    ),
  );
  return running;
}

/**
 * Starts `job` as a sync run and answers as the admin panel expects (`success, message`): 202 with the run to follow
 * when it started, 409 with `success: false` while another sync holds the lock; other failures as `guarded` says.
 */
async function startAndAnswer(
  c: Context<AppEnv>,
  what: string,
  job: SyncJob,
  trigger: RunTrigger,
  message: string | { started: string; busy: string },
): Promise<Response> {
  const { started, busy } = typeof message === "string" ? { started: message, busy: undefined } : message;
  const answer = await guarded(what, async (): Promise<SyncStartAnswer> => {
    try {
      return { success: true, message: started, runId: await startSync(c.env, job, trigger) };
    } catch (err) {
      if (err instanceof LockBusyError) return { success: false, message: busy ?? err.message };
      throw err;
    }
  });
  return c.json<SyncStartAnswer>(answer, answer.success ? 202 : 409);
}

const sameId = (a: string | null, b: string) => a !== null && a.replace(/-/g, "").toLowerCase() === b.replace(/-/g, "").toLowerCase();

adminNotion.post(at(ADMIN_PATHS.syncSchemas), async (c) => {
  const outcome = await carryOn(c.executionCtx, async () => {
    const done = await guarded("Schema sync", () => syncSchemas(c.env));
    // Every table is empty now: a rebuild would publish an empty catalogue. The table syncs that follow rebuild the site.
    await afterSync(c.env, waitable(c.executionCtx), {
      kind: "schema",
      noRebuild: "a schema sync leaves the tables empty until Sync Data fills them",
    });
    return done;
  });
  return c.json<SchemaSyncResult>(outcome.result);
});

// Counting every table's rows costs a query per table: the answer is cached, and every sync and cache clear purges it.
adminNotion.get(at(ADMIN_PATHS.notionTables), cachedRoute("databases", "tables"), async (c) => {
  const entries = await listEntries(c.env.DB);
  const present = new Set(await existingNotionTables(c.env.DB));
  // Drafts and held pages are never rows: their ids are counted apart, one query for every table.
  const unpublished = await unpublishedCounts(c.env.DB);
  const holds = await waitingHolds(c.env.DB);
  const tables: NotionTable[] = [];
  for (const e of entries) {
    const count = present.has(e.tableName)
      ? await c.env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quoteIdent(e.tableName)}`).first<{ n: number }>()
      : null;
    const hold = holds.get(e.tableName);
    tables.push({
      tableName: e.tableName,
      recordCount: count?.n ?? 0,
      databaseTitle: e.databaseTitle,
      databaseId: e.databaseId,
      drafts: unpublished.get(e.tableName)?.drafts ?? 0,
      held: unpublished.get(e.tableName)?.held ?? 0,
      removalHold: hold
        ? {
            live: hold.live,
            leaving: hold.leaving,
            unpublished: hold.unpublished,
            gone: hold.gone,
            heldAt: hold.heldAt,
            confirmedAt: hold.confirmedAt,
          }
        : null,
    });
  }
  return c.json<NotionTables>({ tables });
});

// The operator lets a held removal go ahead: recorded at once, then carried out by a sync of the table (now, or the
// next one when another sync runs). The table list is cached, so the cache is purged for it to show the confirmation.
adminNotion.post(at(ADMIN_PATHS.confirmRemoval), limitBody(ADMIN_BODY_LIMIT), validate("json", ConfirmRemovalBodySchema), async (c) => {
  const { tableName } = c.req.valid("json");
  const entry = await guarded(`Confirming the removal from ${tableName}`, () => readEntry(c.env.DB, tableName));
  if (!entry) fail(404, `Unknown table: ${tableName}`);
  if (!(await confirmHold(c.env.DB, tableName))) fail(404, `No removal from ${entry.databaseTitle} is waiting for confirmation`);
  await purgeCache(c.env.CACHE);
  return startAndAnswer(c, `Table sync of ${tableName}`, { kind: "table", entry }, "manual", {
    started: `Confirmed: ${entry.databaseTitle} is syncing to take them off the site`,
    busy: `Confirmed: another sync is running, so the next sync of ${entry.databaseTitle} takes them off the site`,
  });
});

adminNotion.post(at(ADMIN_PATHS.syncTable), limitBody(ADMIN_BODY_LIMIT), validate("json", SyncTableBodySchema), async (c) => {
  const { tableName, databaseId } = c.req.valid("json");
  const entry = await guarded(`Table sync of ${tableName}`, () => readEntry(c.env.DB, tableName));
  if (!entry) fail(404, `Unknown table: ${tableName}`);
  if (!sameId(entry.databaseId, databaseId)) fail(400, `databaseId does not match the database synced into ${tableName}`);
  return startAndAnswer(c, `Table sync of ${tableName}`, { kind: "table", entry }, "manual", `Sync of ${tableName} started`);
});

adminNotion.post(at(ADMIN_PATHS.syncAll), validate("query", SyncAllQuerySchema), async (c) => {
  const { trigger } = c.req.valid("query");
  return startAndAnswer(c, "Full sync", { kind: "full" }, trigger, "Full sync started");
});

// Finds the databases as the sync does (under the catalogue's page, then by search): nothing is cached, the operator asks for a fresh look.
adminNotion.get(at(ADMIN_PATHS.notionCheck), async (c) => {
  const parentPageId = await readSetting(c.env.DB, "notionParentPageId");
  return c.json<NotionCheck>(await guarded("The workspace check", () => checkCatalogue(c.env, parentPageId)));
});

adminNotion.get(at(ADMIN_PATHS.notionParent), async (c) =>
  c.json<NotionParent>({ parentPageId: await readSetting(c.env.DB, "notionParentPageId") }),
);

// The catalogue's page, once Notion shows it to the integration: syncs then find the databases under it before searching.
adminNotion.put(at(ADMIN_PATHS.notionParent), limitBody(ADMIN_BODY_LIMIT), validate("json", NotionParentBodySchema), async (c) => {
  const { page } = c.req.valid("json");
  const found = await guarded("Setting the catalogue's page", async () => {
    try {
      return await parentPage(notionRun(c.env).notion, page);
    } catch (err) {
      if (err instanceof SetupError) fail(400, err.message);
      throw err;
    }
  });
  const parentPageId = found.id.replace(/-/g, "").toLowerCase();
  await writeSetting(c.env.DB, "notionParentPageId", parentPageId);
  logEvent("notion_parent_set", { pageId: parentPageId, message: "the catalogue's page was set in the admin panel" });
  return c.json<NotionParent>({ parentPageId, title: found.title });
});

export default adminNotion;
