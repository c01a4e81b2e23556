import { finishRun, startRun } from "../data/sync-runs";

/** How long the deploy hook may take to answer. */
export const DEPLOY_HOOK_TIMEOUT_MS = 15_000;

/**
 * Records a `rebuild` run for `reason` and returns the work that POSTs to DEPLOY_HOOK_URL and
 * records the outcome; null when no hook is configured. The returned promise never rejects.
 */
export async function requestRebuild(env: Env, reason: string): Promise<Promise<void> | null> {
  const url = env.DEPLOY_HOOK_URL;
  if (!url) return null;
  const id = await startRun(env.DB, "rebuild", reason);
  return (async () => {
    let ok = false;
    let message: string;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reason }),
        signal: AbortSignal.timeout(DEPLOY_HOOK_TIMEOUT_MS),
      });
      await res.body?.cancel();
      ok = res.ok;
      message = `Deploy hook answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
    } catch (error) {
      message = `Deploy hook failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    try {
      await finishRun(env.DB, id, ok, message);
    } catch (error) {
      console.error("could not record the rebuild result:", error);
    }
  })();
}
