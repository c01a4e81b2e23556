/** The step budget: the subrequests one sync step aims at (`SYNC_STEP_SUBREQUESTS` in wrangler.toml), shared by the worker and `npm run deploy`. */
import { wholeNumberSetting } from "./whole-number-setting.ts";

/** The budget when SYNC_STEP_SUBREQUESTS is unset: Cloudflare's free plan allows 50 subrequests per invocation. */
export const DEFAULT_STEP_BUDGET = 50;

/** The values SYNC_STEP_SUBREQUESTS may take: the free plan's 50 up to the paid plan's 10,000 per invocation. */
const STEP_BUDGET_MIN = 50;
const STEP_BUDGET_MAX = 10_000;

/** A budget read from its setting: the number to use, and what was wrong with the setting (null when it was fine or unset). */
export type StepBudgetSetting = { budget: number; error: string | null };

/** Reads SYNC_STEP_SUBREQUESTS: a whole number from 50 to 10,000; unset or empty gives the default, anything else the default and why. */
export function parseStepBudget(value: string | undefined): StepBudgetSetting {
  const { value: budget, error } = wholeNumberSetting(
    "SYNC_STEP_SUBREQUESTS",
    value,
    STEP_BUDGET_MIN,
    STEP_BUDGET_MAX,
    DEFAULT_STEP_BUDGET,
  );
  return { budget, error };
}
