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
  try {
    await purgeCache(env.CACHE);
  } catch (error) {
    logEvent("cache_purge_failed", { reason, error });
  }
  if (summary.noRebuild) {
    logEvent("rebuild_skipped", { reason, message: `no site rebuild requested: ${summary.noRebuild}` }, "warn");
    return;
  }
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
