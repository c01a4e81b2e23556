import { readSetting } from "../../data/site-settings";
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

/** The deploy hook the worker calls after a sync and where it comes from: the admin panel's (D1) wins over the DEPLOY_HOOK_URL secret. */
export type DeployHook = { url: string; source: "panel" | "secret" };

/** The deploy hook in use, or null when neither the admin panel nor the DEPLOY_HOOK_URL secret gives one. */
export async function deployHook(env: Env): Promise<DeployHook | null> {
  const panel = await readSetting(env.DB, "deployHookUrl");
  if (panel) return { url: panel, source: "panel" };
  return env.DEPLOY_HOOK_URL ? { url: env.DEPLOY_HOOK_URL, source: "secret" } : null;
}

/** What one call of a deploy hook came to: whether it answered 2xx, and its status or failure (the URL hidden). */
export type HookOutcome = { ok: boolean; message: string };

/**
 * POSTs to the deploy hook `url` once as the `rebuild` run `runId` for `reason`, then records and logs the outcome.
 * Never rejects.
 */
export async function callDeployHook(env: Env, url: string, runId: number, reason: string): Promise<HookOutcome> {
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
  logEvent("rebuild_request", { runId, reason, ok, ms: Date.now() - started, ...(ok ? { message } : { error: message }) });
  try {
    await finishRun(env.DB, runId, { ok, message });
  } catch (error) {
    logEvent("rebuild_record_failed", { runId, error });
  }
  return { ok, message };
}

/**
 * Records a `rebuild` run for `reason` and hands back, as `call`, the work that POSTs to the deploy hook in use
 * (deployHook) and records the outcome (never rejects); null, with a warning in the log, when no hook is configured.
 * The work is wrapped so that awaiting this function waits for the record only, not for the hook's answer.
 */
export async function requestRebuild(env: Env, reason: string): Promise<{ call: Promise<void> } | null> {
  const hook = await deployHook(env);
  if (!hook) {
    logEvent(
      "rebuild_not_configured",
      {
        reason,
        message:
          "No deploy hook is set, so the site is not rebuilt and the pages keep their old content; paste the Workers Builds deploy hook in the admin panel (Notion Sync, Rebuilds)",
      },
      "warn",
    );
    return null;
  }
  const id = await startRun(env.DB, "rebuild", reason);
  return { call: callDeployHook(env, hook.url, id, reason).then(() => undefined) };
}
