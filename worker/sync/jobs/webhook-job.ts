import { finishRun, startRun, type RunCounts } from "../../data/sync-runs";
import type { WebhookChanges } from "../../notion/webhook-events";
import { webhookAfterSync } from "../publish/after-sync-coalescer";
import { copyJob } from "./copy-job";
import { failureMessage } from "../steps/run-ended";
import type { SyncSteps } from "../steps/sync-steps";
import { changedSchemas, pageSlice, removeLeaving, type PageSlice } from "./webhook-sync";
import { heldMessage } from "./removal-guard";
import { logEvent } from "../../lib/log";

/** A webhook run's result. */
export type WebhookRunResult = { success: true; message: string };

/** The history's line for a batch: pages updated (and their tables), pages removed, tables copied again, removals held back. */
function batchMessage(updated: number, removed: number, tables: Set<string>, copied: string[], held: string[]): string {
  const where = tables.size ? ` in ${[...tables].sort().join(", ")}` : "";
  const again = copied.length ? `; copied again for a schema change: ${copied.join(", ")}` : "";
  const kept = held.map((line) => `; ${line}`).join("");
  return `Webhook: updated ${updated} ${updated === 1 ? "page" : "pages"}${where}, removed ${removed}${again}${kept}`;
}

/**
 * One debounced webhook batch as steps of run `steps.runId`: each schema-changed table copied whole with its current
 * columns (`copyJob`, its own table run), then the pages a budget's worth per step (`pageSlice`), the rows of pages
 * gone or unpublished taken off together (`removeLeaving`, through the removal guard), the run's outcome,
 * and one cache purge and rebuild request for the lot (each at once, or folded with other batches': `webhookAfterSync`). Throws what failed once the run is recorded as failed.
 */
export async function webhookJob(steps: SyncSteps, batch: WebhookChanges): Promise<WebhookRunResult> {
  try {
    const copies = batch.schemas.length ? await steps.run("schemas", ({ env }) => changedSchemas(env, batch.schemas)) : [];
    for (const entry of copies) {
      const tableRunId = await steps.run(`${entry.tableName}: start`, ({ env }) => startRun(env.DB, "table", entry.tableName, "webhook"));
      await copyJob(steps, entry, tableRunId);
    }
    const counts: RunCounts = { added: 0, changed: 0, removed: 0, filesCopied: 0, unsupported: [], skipped: [] };
    const tables = new Set<string>();
    const leaving = new Set<string>();
    for (let from = 0; from < batch.pages.length;) {
      const at = from;
      const slice: PageSlice = await steps.run(`pages ${at}`, (ctx) => pageSlice(ctx, batch.pages, at, steps.runId));
      counts.added += slice.added;
      counts.changed += slice.changed;
      for (const id of slice.leaving) leaving.add(id);
      counts.filesCopied += slice.filesCopied;
      counts.unsupported.push(...slice.unsupported);
      counts.skipped!.push(...slice.skipped);
      for (const t of slice.tables) tables.add(t);
      from = slice.to;
    }
    const removal = await steps.run("remove", (ctx) => removeLeaving(ctx, [...leaving], steps.runId));
    counts.removed = removal.removed;
    const message = batchMessage(
      counts.added + counts.changed,
      counts.removed,
      tables,
      copies.map((e) => e.tableName),
      removal.held.map(heldMessage),
    );
    await steps.run("finish", ({ env }) => finishRun(env.DB, steps.runId, { ok: true, message, counts }));
    logEvent("webhook_sync", { runId: steps.runId, message, pages: batch.pages.length });
    await steps.run("after sync", ({ env }) => webhookAfterSync(env));
    return { success: true, message };
  } catch (err) {
    const message = `Webhook: ${failureMessage(err, { nextTry: "webhook" })}`;
    logEvent("webhook_sync", { runId: steps.runId, error: message });
    // Unlocked: a run that lost its lock still records why.
    await steps.run("failed", ({ env }) => finishRun(env.DB, steps.runId, { ok: false, message }), { unlocked: true });
    throw err;
  }
}
