import { NIGHTLY_SYNC, notionFailureText, type FailureContext } from "#contract/notion-failures";
import { errorMessage } from "../../lib/errors";
import { notionFailureOf, upstreamMessage } from "../../notion/upstream-error";

/** The workflow engine's own words, which never reach the operator: they name neither the cause nor a fix. */
const ENGINE_WORDING =
  /The execution of the Workflow instance|Aborting engine|NonRetryableError|WorkflowInternalError|^\(instance\.|Storage failure for|output is too large/;

/** The run's own message when the engine kept one of ours for an `errored` instance, else null. */
export function ownMessage(status: string, message?: string): string | null {
  return status === "errored" && message && !ENGINE_WORDING.test(message) ? message : null;
}

/** How a workflow run ended without recording it, after "The … run": `status` the instance's (anything else: no longer found). */
export function unrecordedHow(status: string): string {
  if (status === "terminated") return "was stopped before it finished (from the Cloudflare dashboard, or by a deploy)";
  if (status === "errored")
    return "ended before it could record why (the workflow engine stopped it; the worker's log names the step that failed)";
  return "was lost before it finished";
}

/**
 * The history's words for a sync run that ended without recording why itself (its invocation killed, the run stopped
 * from the dashboard): the run's own message when the engine kept one of ours, else what happened and that nothing is
 * lost. `status`: the workflow instance's (`terminated`, `errored`, or anything else for a run no longer found).
 */
export function unrecordedEnd(status: string, message?: string): string {
  return (
    ownMessage(status, message) ??
    `The sync run ${unrecordedHow(status)}. The tables keep their previous rows. Fix: nothing to do: ${NIGHTLY_SYNC} runs again, or start a sync in the admin panel.`
  );
}

/**
 * The message a failed sync records and logs: for a failure Notion answered, the operator's words naming its cause and
 * fix (`context`: the database it was about, when the run tries again); else what failed, in our words or D1's.
 */
export function failureMessage(err: unknown, context: FailureContext = {}): string {
  const notion = notionFailureOf(err);
  if (notion) return notionFailureText(notion, context);
  return upstreamMessage(err) ?? errorMessage(err);
}
