import type { StepMeter } from "../../lib/step-meter";
import { forEachLimit } from "../../notion/concurrency";

/** Pages worked on at once, when the step's budget allows. */
const AT_ONCE = 4;

/**
 * Works through `items` in groups of up to AT_ONCE while the step's subrequests (`meter.used`) stay under its budget (`meter.budget`, SYNC_STEP_SUBREQUESTS) less
 * `reserve` (what the step's closing writes need), sizing each group by the costliest item so far; always at least one
 * item, so a step always advances. Returns how many items it took.
 */
export async function takeWithinBudget<T>(
  meter: Pick<StepMeter, "used" | "budget">,
  items: T[],
  reserve: number,
  work: (item: T) => Promise<void>,
): Promise<number> {
  let costliest = 1;
  let taken = 0;
  while (taken < items.length) {
    const room = meter.budget - reserve - meter.used;
    const batch = Math.min(AT_ONCE, items.length - taken, Math.floor(room / costliest));
    if (batch < 1 && taken > 0) break;
    const group = items.slice(taken, taken + Math.max(1, batch));
    const before = meter.used;
    await forEachLimit(group, AT_ONCE, (item) => work(item));
    costliest = Math.max(costliest, Math.ceil((meter.used - before) / group.length));
    taken += group.length;
  }
  return taken;
}
