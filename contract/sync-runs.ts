import * as z from "zod/mini";

/** Kinds of recorded run (`page`: one page synced on its own, as a webhook does). */
const RUN_KINDS = ["schema", "table", "full", "rebuild", "page"] as const;

/** A kind of recorded run. */
export type RunKind = (typeof RUN_KINDS)[number];

/** What can start a run: the admin panel, the nightly cron, a Notion webhook, or the launcher script. */
const RUN_TRIGGERS = ["manual", "cron", "webhook", "launcher"] as const;

/** What started a run. */
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** Runs the worker keeps, and so the most `GET /api/admin/sync-runs` lists; older ones are pruned as new ones start. */
export const RUNS_KEPT = 200;

/** Notion blocks of one type that a page's Markdown could not show, and how many. */
const UnsupportedBlockSchema = z.object({
  pageId: z.string(),
  pageTitle: z.optional(z.string()),
  type: z.string(),
  count: z.number(),
});

/** Notion blocks of one type that a page's Markdown could not show, and how many. */
export type UnsupportedBlock = z.infer<typeof UnsupportedBlockSchema>;

/** One file a sync could not copy: the page and property holding it, its name (or URL without the signed query) and why. */
const SkippedFileSchema = z.object({
  pageId: z.string(),
  pageTitle: z.optional(z.string()),
  property: z.string(),
  file: z.string(),
  reason: z.string(),
});

/** One file a sync could not copy. */
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

/** One recorded run as `GET /api/admin/sync-status` hands it out (`ok` null while it runs). */
const SyncRunSchema = z.object({
  kind: z.enum(RUN_KINDS),
  target: z.nullable(z.string()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  ok: z.nullable(z.boolean()),
  message: z.nullable(z.string()),
});

/** One recorded run as the admin API hands it out. */
export type SyncRun = z.infer<typeof SyncRunSchema>;

/** One sync in the admin panel's history: what started it, what it changed, what it could not show or copy, and its error. */
const SyncHistoryRunSchema = z.object({
  id: z.number(),
  kind: z.enum(RUN_KINDS),
  target: z.nullable(z.string()),
  trigger: z.enum(RUN_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  ok: z.nullable(z.boolean()),
  message: z.nullable(z.string()),
  error: z.nullable(z.string()),
  pagesAdded: z.nullable(z.number()),
  pagesChanged: z.nullable(z.number()),
  pagesRemoved: z.nullable(z.number()),
  filesCopied: z.nullable(z.number()),
  unsupportedBlocks: z.array(UnsupportedBlockSchema),
  unsupportedTotal: z.number(),
  skippedFiles: z.array(SkippedFileSchema),
  skippedTotal: z.number(),
  /** Progress counted as the run's steps finish (null before its first step): distinct Notion pages read, rows written. */
  pagesRead: z.nullable(z.number()),
  /** Pages the run expects to read: the record counts of its tables as it started (a webhook batch: its pages too); null when unknown. */
  pagesExpected: z.nullable(z.number()),
  rowsWritten: z.nullable(z.number()),
  steps: z.nullable(z.number()),
  /** The most subrequests (D1, R2, KV calls and fetches) and wall milliseconds any one step of the run used. */
  maxStepSubrequests: z.nullable(z.number()),
  maxStepMs: z.nullable(z.number()),
});

/** One sync in the admin panel's history. */
export type SyncHistoryRun = z.infer<typeof SyncHistoryRunSchema>;

/**
 * `GET /api/admin/sync-runs/{id}` answer: one run with its progress; a workflow run also has its instance's `status`
 * (`queued`, `running`, `complete`, `errored`, `terminated`, ...) and, once complete, its `result` (a full sync's
 * per-table summary); `readAt` is the worker's clock at the reading (elapsed time without trusting the browser's clock).
 */
export const SyncRunProgressSchema = z.extend(SyncHistoryRunSchema, {
  status: z.optional(z.string()),
  result: z.optional(z.unknown()),
  readAt: z.optional(z.string()),
});

/** `GET /api/admin/sync-runs/{id}` answer. */
export type SyncRunProgress = z.infer<typeof SyncRunProgressSchema>;

/** Workflow states in which a run is over and its lock free. */
const ENDED_STATES = ["complete", "errored", "terminated"];

/** Whether a run is over: its workflow instance ended (its last step frees the lock), or, for a run without one, it recorded its end. */
export function runEnded(run: SyncRunProgress): boolean {
  return run.status === undefined ? run.finishedAt !== null : ENDED_STATES.includes(run.status);
}

/** `GET /api/admin/sync-runs` query: how many runs, newest first (all kept when left out). */
export const SyncRunsQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(RUNS_KEPT)), RUNS_KEPT),
});

/** `GET /api/admin/sync-runs` body. */
export const SyncRunsSchema = z.object({ runs: z.array(SyncHistoryRunSchema) });

/** `GET /api/admin/sync-runs` body. */
export type SyncRuns = z.infer<typeof SyncRunsSchema>;

/**
 * `GET /api/admin/sync-status` body: the last sync and rebuild; `syncing` while a sync holds the lock, and
 * `runningRunId` the run holding it (follow it with `GET /api/admin/sync-runs/{id}`; null for a schema sync, which
 * records no progress); `rebuildConfigured` when the worker has DEPLOY_HOOK_URL (both missing from older workers).
 */
export const SyncStatusSchema = z.object({
  lastSync: z.nullable(SyncRunSchema),
  lastRebuild: z.nullable(SyncRunSchema),
  syncing: z.boolean(),
  runningRunId: z.optional(z.nullable(z.number())),
  rebuildConfigured: z.optional(z.boolean()),
});

/** `GET /api/admin/sync-status` body. */
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
