import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { listSyncRuns } from "../data/sync-history";
import { RUNS_KEPT } from "../data/sync-runs";
import { validate } from "../lib/validate";

/** `GET /api/admin/sync-runs?limit=`: the sync history, newest first (every run kept when `limit` is left out). */
const adminSyncRuns = new Hono<AppEnv>();

const RunsQuery = z.object({ limit: z.coerce.number().int().min(1).max(RUNS_KEPT).default(RUNS_KEPT) });

adminSyncRuns.get("/", validate("query", RunsQuery), async (c) => {
  const { limit } = c.req.valid("query");
  return c.json({ runs: await listSyncRuns(c.env.DB, limit) });
});

export default adminSyncRuns;
