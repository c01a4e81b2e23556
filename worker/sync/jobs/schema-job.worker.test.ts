import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import type { SyncRuns } from "#contract/sync-runs";
import { adminFetch } from "../../test/admin";
import { control, countPaths, notionStats } from "../../test/notion-sync";
import { SYNC_LOCK, isLockHeld } from "../../tables/lock";
import { DEFAULT_STEP_BUDGET } from "#contract/step-budget";

describe("Sync Notion Schemas as one metered step", { timeout: 60_000 }, () => {
  it(`answers as before and records its subrequests (within ${DEFAULT_STEP_BUDGET}) with search over more than 100 data sources`, async () => {
    await control("reset");
    for (let i = 1; i <= 110; i++) await control("databases", { title: `Filler ${i}`, properties: { Name: { type: "title" } } });
    const searches = countPaths(await notionStats(), /^\/v1\/search$/);
    const res = await adminFetch(ADMIN_PATHS.syncSchemas, { method: "POST" });
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; message: string; tables: unknown[] }>();
    expect(body).toMatchObject({ success: true, message: "Created 12 tables from the Notion schemas" });
    expect(body.tables).toHaveLength(12);
    expect(countPaths(await notionStats(), /^\/v1\/search$/) - searches).toBe(2);
    const { runs } = await (await adminFetch("/api/admin/sync-runs?limit=1")).json<SyncRuns>();
    expect(runs[0]).toMatchObject({ kind: "schema", ok: true, message: "Created 12 tables from the Notion schemas", steps: 1 });
    // The catalogue's page kept (none yet) and the ids recorded at the last sync, two search pages, the table listing,
    // the one batch, the step's record.
    expect(runs[0]!.maxStepSubrequests).toBe(7);
    expect(runs[0]!.maxStepSubrequests).toBeLessThanOrEqual(DEFAULT_STEP_BUDGET);
    expect(await isLockHeld(env.DB, SYNC_LOCK)).toBe(false);
    // The catalogue tables it creates come with their listing indexes (sort orders, for-sale ones partial).
    const indexes = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notion_slot_machines' AND sql IS NOT NULL",
    ).first<number>("n");
    expect(indexes).toBe(10);
  });
});
