import type { SyncRunProgress } from "../sync-runs.ts";

/** A whole `GET /api/admin/sync-runs/{id}` answer for fakes: a table run of id 7 just started, with `fields` over it. */
export function syncRunReading(fields: Partial<SyncRunProgress> = {}): SyncRunProgress {
  return {
    id: 7,
    kind: "table",
    target: "notion_slot_machines",
    trigger: "manual",
    startedAt: "2026-01-01T04:00:00.000Z",
    finishedAt: null,
    ok: null,
    message: null,
    error: null,
    pagesAdded: null,
    pagesChanged: null,
    pagesRemoved: null,
    filesCopied: null,
    unsupportedBlocks: [],
    unsupportedTotal: 0,
    skippedFiles: [],
    skippedTotal: 0,
    pagesRead: null,
    pagesExpected: null,
    rowsWritten: null,
    steps: null,
    maxStepSubrequests: null,
    maxStepMs: null,
    ...fields,
  };
}
