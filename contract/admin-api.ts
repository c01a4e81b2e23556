import * as z from "zod/mini";

/** `POST /api/admin/session` body. */
export const SignInBodySchema = z.object({ password: z.string().check(z.maxLength(1024)) });

/** `GET|POST|DELETE /api/admin/session` answer: whether this browser holds a session, and until when. */
export const SessionStateSchema = z.object({ authenticated: z.boolean(), expiresAt: z.nullable(z.string()) });

/** `GET|POST|DELETE /api/admin/session` answer. */
export type SessionState = z.infer<typeof SessionStateSchema>;

/** Answer of the admin mutations that report with a message (cache clear/enable/disable, table sync, webhook reset). */
export const MessageResultSchema = z.object({ success: z.optional(z.boolean()), message: z.string() });

/** Answer of the admin mutations that report with a message. */
export type MessageResult = z.infer<typeof MessageResultSchema>;

/** `GET /api/admin/cache/stats` answer. */
export const CacheStatsSchema = z.object({
  isCachingEnabled: z.boolean(),
  keys: z.number(),
  stats: z.object({ hits: z.number(), misses: z.number() }),
});

/** `GET /api/admin/cache/stats` answer. */
export type CacheStats = z.infer<typeof CacheStatsSchema>;

/**
 * A sync's removal held back: `leaving` of the table's `live` rows would have left the site at once (`unpublished`
 * drafts, `gone` pages deleted, in the trash or moved away), more than half, so they stay until the operator confirms.
 * `confirmedAt`: confirmed, waiting for the table's next sync to carry it out.
 */
const RemovalHoldSchema = z.object({
  live: z.number(),
  leaving: z.number(),
  unpublished: z.number(),
  gone: z.number(),
  heldAt: z.string(),
  confirmedAt: z.nullable(z.string()),
});

/** A sync's removal held back until the operator confirms it. */
export type RemovalHold = z.infer<typeof RemovalHoldSchema>;

/**
 * One synced table with its record count (the rows on the site), its drafts (Published unticked: never on the site)
 * and held pages (Hold Changes ticked: on the site as last synced, or not at all if never published), and a removal
 * waiting for the operator's confirmation.
 */
const NotionTableSchema = z.object({
  tableName: z.string(),
  recordCount: z.number(),
  databaseTitle: z.string(),
  databaseId: z.nullable(z.string()),
  drafts: z.number(),
  held: z.number(),
  removalHold: z.nullable(RemovalHoldSchema),
});

/** One row of `GET /api/admin/notion-tables`. */
export type NotionTable = z.infer<typeof NotionTableSchema>;

/** `GET /api/admin/notion-tables` answer. */
export const NotionTablesSchema = z.object({ tables: z.array(NotionTableSchema) });

/** `GET /api/admin/notion-tables` answer. */
export type NotionTables = z.infer<typeof NotionTablesSchema>;

/** `POST /api/admin/notion-sync-schemas` answer: one entry per table created or failed. */
export const SchemaSyncResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  tables: z.array(z.object({ tableName: z.string(), status: z.enum(["created", "error"]), error: z.optional(z.string()) })),
});

/** `POST /api/admin/notion-sync-schemas` answer. */
export type SchemaSyncResult = z.infer<typeof SchemaSyncResultSchema>;

/** `POST /api/admin/notion-sync-table` body: the table and the database it must be synced from. */
export const SyncTableBodySchema = z.object({
  tableName: z.string().check(z.minLength(1), z.maxLength(200)),
  databaseId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** `POST /api/admin/notion-sync-table` body. */
export type SyncTableBody = z.infer<typeof SyncTableBodySchema>;

/**
 * `POST /api/admin/notion-sync-table` and `POST /api/admin/notion-sync-all` answer (202) when the run started:
 * `success`, `message`, and the run to follow with `GET /api/admin/sync-runs/{runId}`.
 */
export const SyncStartedSchema = z.object({ success: z.literal(true), message: z.string(), runId: z.number() });

/** Answer (202) of the calls that start a sync run, when it started. */
type SyncStarted = z.infer<typeof SyncStartedSchema>;

/** The same calls' answer (409) while another sync holds the lock: nothing started. */
export const SyncRefusedSchema = z.object({ success: z.literal(false), message: z.string() });

/** Answer (409) of the calls that start a sync run, when another sync runs. */
type SyncRefused = z.infer<typeof SyncRefusedSchema>;

/** Either answer of the calls that start a sync run, told apart by `success`. */
export type SyncStartAnswer = SyncStarted | SyncRefused;

/** `POST /api/admin/notion-removals/confirm` body: the table whose held removal the operator confirms. */
export const ConfirmRemovalBodySchema = z.object({ tableName: z.string().check(z.minLength(1), z.maxLength(200)) });

/** `POST /api/admin/notion-removals/confirm` body. */
export type ConfirmRemovalBody = z.infer<typeof ConfirmRemovalBodySchema>;

/** `POST /api/admin/notion-sync-all` query: who asked, the admin panel (default) or the launcher; the cron syncs on its own. */
export const SyncAllQuerySchema = z.object({ trigger: z._default(z.enum(["manual", "launcher"]), "manual") });

/** Per-table outcome of a full sync; a table that did not sync keeps what it had. */
const SyncAllTableSchema = z.object({
  tableName: z.string(),
  databaseTitle: z.string(),
  ok: z.boolean(),
  rows: z.optional(z.number()),
  seconds: z.optional(z.number()),
  message: z.string(),
});

/** Per-table outcome of a full sync. */
export type SyncAllTable = z.infer<typeof SyncAllTableSchema>;

/** A full sync run's result (its workflow's output, `result` of `GET /api/admin/sync-runs/{id}`): every contract table in table name order, Notion requests and seconds. */
export const SyncAllSummarySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  tables: z.array(SyncAllTableSchema),
  requests: z.number(),
  seconds: z.number(),
});

/** A full sync run's result. */
export type SyncAllSummary = z.infer<typeof SyncAllSummarySchema>;

/** One problem the workspace check found: the database, the property when it is about one, what is wrong and how to fix it. */
const NotionCheckFindingSchema = z.object({
  database: z.string(),
  property: z.optional(z.string()),
  problem: z.string(),
  fix: z.string(),
});

/** One problem the workspace check found. */
export type NotionCheckFinding = z.infer<typeof NotionCheckFindingSchema>;

/** How the check found one database of the layout: under the catalogue's page, by Notion's search, or not at all (null). */
const NotionCheckDatabaseSchema = z.object({
  title: z.string(),
  foundBy: z.nullable(z.enum(["page", "search"])),
  databaseId: z.nullable(z.string()),
});

/**
 * `GET /api/admin/notion-check` answer: `ok` when the sync will find every database and property it reads; what it
 * recommends besides (`recommendations`: Published and Hold Changes where missing; `ok` all the same); how each
 * database of the layout was found; the catalogue's page the worker keeps (null: none yet, search alone finds them).
 */
export const NotionCheckSchema = z.object({
  ok: z.boolean(),
  findings: z.array(NotionCheckFindingSchema),
  recommendations: z.array(NotionCheckFindingSchema),
  databases: z.array(NotionCheckDatabaseSchema),
  parentPageId: z.nullable(z.string()),
  checkedAt: z.string(),
});

/** `GET /api/admin/notion-check` answer. */
export type NotionCheck = z.infer<typeof NotionCheckSchema>;

/** `PUT /api/admin/notion-parent` body: the catalogue's page in Notion, as its id or its link (••• → Copy link). */
export const NotionParentBodySchema = z.object({ page: z.string().check(z.minLength(1), z.maxLength(2000)) });

/** `GET|PUT /api/admin/notion-parent` answer: the page the catalogue's databases sit under (32 hex digits), null when none is kept yet. */
export const NotionParentSchema = z.object({ parentPageId: z.nullable(z.string()), title: z.optional(z.string()) });

/** `GET|PUT /api/admin/notion-parent` answer. */
export type NotionParent = z.infer<typeof NotionParentSchema>;
