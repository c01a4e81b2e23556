import type { Client } from "@notionhq/client";
import type { WorkflowStep } from "cloudflare:workers";
import type { DemoImageBytes } from "#workspace/setup/uploads";
import { SetupError } from "#workspace/setup/setup-error";
import { notionRun } from "../../notion/client";
import { logEvent } from "../../lib/log";
import { meteredEnv, type StepMeter } from "../../lib/step-meter";
import { durableStep } from "../steps/durable-step";
import { demoPictures } from "./demo-pictures";

/** What a setup step's work gets: the environment its D1 calls are counted in, its Notion client, the demo's pictures, and its meter. */
export type SetupStepContext = { env: Env; notion: Client; demoImage: DemoImageBytes; meter: StepMeter };

/** A setup run's steps: `run(name, work)` runs `work` as one durable, metered workflow step and answers its (JSON) result. */
export type SetupSteps = { run<T>(name: string, work: (ctx: SetupStepContext) => Promise<T>): Promise<T> };

/**
 * The steps of setup run `runId`: each `step.do` of the engine (see `durableStep`: retried on its own, Notion's long
 * waits slept between attempts, a failure for good thrown after the step in our words), with every subrequest counted
 * (Notion requests, D1 calls, the demo's pictures) and logged as a `setup_step` line. A SetupError (a page not shared,
 * a picture missing) is not tried again: the operator has to act first.
 */
export function setupSteps(env: Env, runId: number, step: WorkflowStep): SetupSteps {
  return {
    run<T>(name: string, work: (ctx: SetupStepContext) => Promise<T>): Promise<T> {
      const attempt = async (attemptName: string): Promise<T> => {
        const started = Date.now();
        const { env: counted, meter } = meteredEnv(env, true);
        const result = await work({ env: counted, notion: notionRun(counted).notion, demoImage: demoPictures(env.ASSETS, meter), meter });
        logEvent("setup_step", { runId, step: attemptName, ms: Date.now() - started, subrequests: meter.used });
        return result;
      };
      return durableStep(step, name, attempt, { final: (err) => err instanceof SetupError });
    },
  };
}
