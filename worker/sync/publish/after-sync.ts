import { purgeCache } from "../../cache/purge";
import { requestRebuild } from "./rebuild";
import { logEvent } from "../../lib/log";

/** What a finished sync changed; `noRebuild` says why the site must not be rebuilt from it (logged). */
export type SyncSummary = { kind: "schema" | "table" | "full"; target?: string; noRebuild?: string };

/**
 * Runs after every sync that changed data: purges the API cache (awaited, so the next read and the
 * rebuild see fresh data), then, unless `noRebuild`, asks the deploy hook for a site rebuild, recorded in `sync_runs`
 * at once; the hook call itself goes to `ctx.waitUntil` when a context is given. Never throws.
 */
export async function afterSync(env: Env, ctx: ExecutionContext | undefined, summary: SyncSummary): Promise<void> {
  const reason = summary.target ? `${summary.kind}:${summary.target}` : summary.kind;
  await purgeAfterSync(env, reason);
  if (summary.noRebuild) {
    logEvent("rebuild_skipped", { reason, message: `no site rebuild requested: ${summary.noRebuild}` }, "warn");
    return;
  }
  await rebuildAfterSync(env, ctx, reason);
}

/** The API cache purged after a sync (`reason` names it in the log); a failure is logged. Never throws. */
export async function purgeAfterSync(env: Env, reason: string): Promise<void> {
  try {
    await purgeCache(env.CACHE);
  } catch (error) {
    logEvent("cache_purge_failed", { reason, error });
  }
}

/** A site rebuild asked of the deploy hook after a sync (see afterSync); a failure is logged. Never throws. */
export async function rebuildAfterSync(env: Env, ctx: ExecutionContext | undefined, reason: string): Promise<void> {
  try {
    const rebuild = await requestRebuild(env, reason);
    if (!rebuild) return;
    if (ctx) ctx.waitUntil(rebuild.call);
    else await rebuild.call;
  } catch (error) {
    // The sync itself succeeded; a failed rebuild request must not turn it into an error.
    logEvent("rebuild_failed", { reason, error });
  }
}
