import { z } from "zod";
import type { AdminClient } from "../../lib/admin-client.ts";

const RunsSchema = z.object({
  runs: z.array(z.looseObject({ maxStepSubrequests: z.number().nullish(), maxStepMs: z.number().nullish() })),
});

/** The most subrequests and ms one invocation used across `runs` (fields `maxStepSubrequests`, `maxStepMs`); null when no run reports them. */
export function maxStepLimits(body: unknown): { subrequests: number | null; ms: number | null } {
  const { runs } = RunsSchema.parse(body);
  const most = (values: (number | null | undefined)[]) => {
    const known = values.filter((v): v is number => typeof v === "number");
    return known.length ? Math.max(...known) : null;
  };
  return { subrequests: most(runs.map((r) => r.maxStepSubrequests)), ms: most(runs.map((r) => r.maxStepMs)) };
}

/** Reads the worker's sync history and returns maxStepLimits of every run kept. */
export async function stepLimits(admin: AdminClient): Promise<{ subrequests: number | null; ms: number | null }> {
  return maxStepLimits(await admin.call("/api/admin/sync-runs"));
}
