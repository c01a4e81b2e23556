import { NIGHTLY_SYNC } from "#contract/notion-failures";

/** The workflow engine's own words, which never reach the operator: they name neither the cause nor a fix. */
export const ENGINE_WORDING =
  /The execution of the Workflow instance|Aborting engine|NonRetryableError|WorkflowInternalError|^\(instance\.|Storage failure for|output is too large/;

/**
 * The history's words for a sync run that ended without recording why itself (its invocation killed, the run stopped
 * from the dashboard): the run's own message when the engine kept one of ours, else what happened and that nothing is
 * lost. `status`: the workflow instance's (`terminated`, `errored`, or anything else for a run no longer found).
 */
export function unrecordedEnd(status: string, message?: string): string {
  if (status === "errored" && message && !ENGINE_WORDING.test(message)) return message;
  const how =
    status === "terminated"
      ? "was stopped before it finished (from the Cloudflare dashboard, or by a deploy)"
      : status === "errored"
        ? "ended before it could record why (the workflow engine stopped it; the worker's log names the step that failed)"
        : "was lost before it finished";
  return `The sync run ${how}. The tables keep their previous rows. Fix: nothing to do: ${NIGHTLY_SYNC} runs again, or start a sync in the admin panel.`;
}
