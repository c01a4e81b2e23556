import { finishRun, startRun } from "../../data/sync-runs";
import { errorMessage } from "../../lib/errors";
import { logEvent } from "../../lib/log";

/** How long the deploy hook may take to answer. */
const DEPLOY_HOOK_TIMEOUT_MS = 15_000;

/** What stands in for the deploy hook URL in recorded messages. */
const HIDDEN_HOOK_URL = "<DEPLOY_HOOK_URL>";

/** `message` without the deploy hook URL, a secret (its path or query usually is the token): the URL, its parts and any other URL are replaced. */
export function hideHookUrl(message: string, url: string): string {
  const parts = [url];
  try {
    const parsed = new URL(url);
    parts.push(
      parsed.href,
      parsed.host + parsed.pathname + parsed.search,
      parsed.pathname + parsed.search,
      parsed.pathname,
      parsed.search.slice(1),
    );
  } catch {
    // Not a URL: only its raw text can turn up.
  }
  let hidden = message.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, HIDDEN_HOOK_URL);
  for (const part of parts.filter((p) => p.length > 1).sort((a, b) => b.length - a.length))
    hidden = hidden.split(part).join(HIDDEN_HOOK_URL);
  return hidden;
}

/**
 * Records a `rebuild` run for `reason` and returns the work that POSTs to DEPLOY_HOOK_URL and
 * records the outcome; null, with a warning in the log, when no hook is configured. The returned promise never rejects.
 */
export async function requestRebuild(env: Env, reason: string): Promise<Promise<void> | null> {
  const url = env.DEPLOY_HOOK_URL;
  if (!url) {
    logEvent(
      "rebuild_not_configured",
      {
        reason,
        message:
          "DEPLOY_HOOK_URL is not set, so the site is not rebuilt and the pages keep their old content; set it with `npm run deploy -- --secret DEPLOY_HOOK_URL`",
      },
      "warn",
    );
    return null;
  }
  const id = await startRun(env.DB, "rebuild", reason);
  return (async () => {
    let ok = false;
    let message: string;
    const started = Date.now();
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
      message = `Deploy hook failed: ${hideHookUrl(errorMessage(error), url)}`;
    }
    logEvent("rebuild_request", { runId: id, reason, ok, ms: Date.now() - started, ...(ok ? { message } : { error: message }) });
    try {
      await finishRun(env.DB, id, { ok, message });
    } catch (error) {
      logEvent("rebuild_record_failed", { runId: id, error });
    }
  })();
}
