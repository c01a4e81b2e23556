import { APIResponseError, isNotionClientError } from "@notionhq/client";
import type { WorkflowStep, WorkflowStepConfig, WorkflowStepContext } from "cloudflare:workers";
import type { NotionFailure } from "#contract/notion-failures";
import { LockLostError } from "../../tables/lock";
import { NotionFailureError, notionFailureOf, RetryAfterError, UpstreamError } from "../../notion/upstream-error";
import { failureMessage } from "./run-ended";

/**
 * Each step retried on its own after Notion's own retries inside it (429 Retry-After and 5xx, see `pacedFetch`) ran
 * out: `retries.limit` times, the delay doubling from `retries.delay`, each shorter than the lock's lifetime (LOCK_TTL_MS),
 * so the run keeps its lock between attempts.
 */
export const STEP_CONFIG: WorkflowStepConfig = { retries: { limit: 4, delay: "2 seconds", backoff: "exponential" }, timeout: "10 minutes" };

/**
 * The longest Retry-After a sync run sleeps out: a longer one stops the run with Notion's request named,
 * rather than hold the sync lock (and every other sync) for longer or ask Notion again before it said.
 */
export const MAX_NOTION_WAIT_MS = 15 * 60_000;

/** How many times one step may be sent to sleep by Notion before its run gives up (each wait honoured in full). */
export const MAX_WAITS_PER_STEP = 4;

/** Whether a step that failed with `err` may pass when tried again: Notion's rate limits and outages, network and D1 hiccups; not a refusal, a lost lock or a bad statement. */
function retryable(err: unknown): boolean {
  if (err instanceof LockLostError || err instanceof RetryAfterError) return false;
  if (err instanceof NotionFailureError) return err.transient;
  if (APIResponseError.isAPIResponseError(err)) return err.status === 429 || err.status >= 500;
  if (isNotionClientError(err)) return err.code === "notionhq_client_request_timeout";
  if (err instanceof UpstreamError) return err.transient;
  return !/SQLITE_|D1_TYPE_ERROR/.test(err instanceof Error ? err.message : String(err));
}

/**
 * A step's stored result: its work's; the wait Notion asked for before the step runs again; or why it failed for good
 * (a refusal, or its last attempt), with what Notion answered. A failure is a result, not a thrown error, so the engine
 * never ends the run with words of its own: the run's code throws it after the step and records it as it records any.
 */
type StepOutcome<T> =
  { done: true; value: T } | { done: false; waitMs: number } | { done: false; failed: string; notion: NotionFailure | null };

/** Why a wait is not slept: longer than MAX_NOTION_WAIT_MS, or the step's waits used up; null when it is. */
function refusedWait(err: RetryAfterError, waits: number): string | null {
  if (err.waitMs > MAX_NOTION_WAIT_MS) return `${err.message}, longer than the ${MAX_NOTION_WAIT_MS / 60_000} minutes a sync run waits`;
  if (waits >= MAX_WAITS_PER_STEP) return `${err.message}, after ${MAX_WAITS_PER_STEP} waits in this step already`;
  return null;
}

/** What a durable step is told besides its work: how to get ready for a wait Notion asked for, and which failures no attempt can mend. */
export type DurableStepOptions = {
  /** Called within the step before the run sleeps `err.waitMs` (the step's name as this attempt has it). */
  onWait?: (err: RetryAfterError, attempt: string) => Promise<void>;
  /** A failure the engine must not try again (besides a refusal Notion answered): the operator has to act first. */
  final?: (err: unknown) => boolean;
};

/**
 * One piece of a run's work as a workflow step (`step.do`, retried by the engine on its own): its value once it passed.
 * A step that meets a Retry-After longer than a call sleeps (RetryAfterError) ends with a "wait" result; the run then
 * sleeps it out with `step.sleep` and runs the step again, up to MAX_WAITS_PER_STEP times a step and MAX_NOTION_WAIT_MS
 * a wait. A failure for good (a refusal, a `final` one, or the last attempt) is the step's stored result, thrown here
 * after the step in our words (NotionFailureError when Notion answered it), never the engine's.
 */
export async function durableStep<T>(
  step: WorkflowStep,
  name: string,
  attempt: (attemptName: string) => Promise<T>,
  options: DurableStepOptions = {},
): Promise<T> {
  for (let waits = 0; ; waits++) {
    const attemptName = waits === 0 ? name : `${name} (again after waiting for Notion, ${waits})`;
    const attemptStep = async (ctx?: WorkflowStepContext): Promise<StepOutcome<T>> => {
      try {
        return { done: true, value: await attempt(attemptName) };
      } catch (err) {
        const refused = err instanceof RetryAfterError ? refusedWait(err, waits) : undefined;
        if (err instanceof RetryAfterError && refused === null) {
          await options.onWait?.(err, attemptName);
          return { done: false, waitMs: err.waitMs };
        }
        const notion = refused ? { status: 429, code: "rate_limited", message: refused } : notionFailureOf(err);
        const message = refused ?? failureMessage(err);
        // The engine tries a step again while it has attempts left (`attempt` counts from 1); the last one, or a
        // failure no attempt can mend, ends as a result the run then throws.
        const lastAttempt = ctx !== undefined && ctx.attempt > (ctx.config.retries?.limit ?? 0);
        if (refused || !retryable(err) || options.final?.(err) || lastAttempt) return { done: false, failed: message, notion };
        throw new Error(message);
      }
    };
    // A step's result is stored as JSON: the work's results are plain data.
    const outcome = (await step.do(attemptName, STEP_CONFIG, attemptStep as () => Promise<never>)) as StepOutcome<T>;
    if (outcome.done) return outcome.value;
    if ("failed" in outcome) throw outcome.notion ? new NotionFailureError(outcome.notion) : new Error(outcome.failed);
    await step.sleep(`${attemptName}: Notion's Retry-After`, outcome.waitMs);
  }
}
