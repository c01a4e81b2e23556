import { RebuildHookResultSchema, RebuildHookStateSchema } from "#contract/rebuild-hook";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import {
  CacheStatsSchema,
  MessageResultSchema,
  NotionCheckSchema,
  NotionTablesSchema,
  SessionStateSchema,
  SyncRefusedSchema,
} from "#contract/admin-api";
import { ADMIN_PATHS } from "#contract/api-paths";
import { FirstRunStateSchema, NotionConnectionSchema } from "#contract/first-run";
import { EnquiriesDeletedSchema, EnquiriesPageSchema } from "#contract/enquiries";
import { AdminSettingsSchema, SettingsSavedSchema } from "#contract/site-settings";
import { SyncRunsSchema, SyncStatusSchema } from "#contract/sync-runs";
import { WebhookStateSchema } from "#contract/webhook-status";
import { storeEnquiry } from "../data/enquiries";
import { finishRun, startRun } from "../data/sync-runs";
import { SYNC_LOCK, acquireLock } from "../tables/lock";
import { adminFetch } from "../test/admin";
import { control } from "../test/notion-sync";

/** The answer of an admin call, checked to be exactly what the contract's schema describes (no field missing, none extra). */
async function answer(schema: z.ZodMiniType, path: string, method = "GET", payload?: unknown): Promise<unknown> {
  const res = await adminFetch(path, { method, body: payload });
  expect(res.status, `${method} ${path}`).toBe(200);
  const body = await res.json();
  expect(schema.parse(body), `${method} ${path}`).toEqual(body);
  return body;
}

// The workspace check reads the shared local Notion server: start from the demo workspace, whatever an earlier file left.
beforeAll(() => control("reset"));

describe("admin API answers match the contract the admin panel parses them with", () => {
  it("sync status and history, with a finished run that counted pages and unsupported blocks", async () => {
    await env.DB.exec("DELETE FROM sync_runs");
    const id = await startRun(env.DB, "table", "notion_slot_machines", "manual", new Date("2026-01-01T04:00:00Z"));
    const unsupported = [{ pageId: "p1", pageTitle: "Mills", type: "embed", count: 2 }];
    await finishRun(env.DB, id, {
      ok: true,
      message: "Synced 3 rows",
      counts: { added: 1, changed: 2, removed: 0, filesCopied: 4, unsupported },
    });
    await startRun(env.DB, "rebuild", "table", "manual");
    const status = await answer(SyncStatusSchema, ADMIN_PATHS.syncStatus);
    expect(status).toMatchObject({ lastSync: { kind: "table", ok: true }, lastRebuild: { kind: "rebuild", ok: null } });
    const history = await answer(SyncRunsSchema, `${ADMIN_PATHS.syncRuns}?limit=5`);
    expect(history).toMatchObject({ runs: [{ id, pagesAdded: 1, filesCopied: 4, unsupportedBlocks: unsupported, unsupportedTotal: 2 }] });
  });

  it("enquiries, and marking one handled", async () => {
    const stored = await storeEnquiry(
      env.DB,
      {
        category: "toys",
        itemId: "0badf00d-0000-4000-8000-000000000000",
        itemTitle: "Tin robot",
        name: "Ada",
        email: "ada@example.com",
        phone: null,
        message: "Hello",
      },
      null,
      { perHour: 20, perDay: 100, storedMax: 10_000 },
    );
    if (!stored.stored) throw new Error("the enquiry was not stored");
    expect(await answer(EnquiriesPageSchema, `${ADMIN_PATHS.enquiries}?status=all`)).toMatchObject({
      enquiries: [{ id: stored.id, itemTitle: "Tin robot", handled: false, emailed: false, flagged: false }],
      openCount: 1,
      flaggedCount: 0,
    });
    await answer(MessageResultSchema, `${ADMIN_PATHS.enquiries}/${stored.id}/handled`, "POST");
    expect(await answer(EnquiriesDeletedSchema, `${ADMIN_PATHS.enquiries}/delete`, "POST", { ids: [stored.id] })).toEqual({
      success: true,
      message: "1 enquiry deleted",
      deleted: 1,
    });
  });

  it("the dealer's settings, read and saved", async () => {
    expect(await answer(AdminSettingsSchema, ADMIN_PATHS.settings)).toMatchObject({ settings: { currency: "USD" }, stored: [] });
    expect(await answer(SettingsSavedSchema, ADMIN_PATHS.settings, "PUT", { enquiriesPerHour: 30 })).toMatchObject({
      settings: { enquiriesPerHour: 30 },
      stored: ["enquiriesPerHour"],
      rebuild: "not-needed",
    });
    await answer(SettingsSavedSchema, ADMIN_PATHS.settings, "PUT", { enquiriesPerHour: null });
  });

  it("sync status naming the run that holds the lock, and a sync start refused meanwhile", async () => {
    const lock = await acquireLock(env.DB, SYNC_LOCK);
    try {
      const id = await startRun(env.DB, "full", null, "cron", new Date(), { pagesExpected: 81, lockHolder: lock.holder });
      expect(await answer(SyncStatusSchema, ADMIN_PATHS.syncStatus)).toMatchObject({ syncing: true, runningRunId: id });
      const history = (await answer(SyncRunsSchema, `${ADMIN_PATHS.syncRuns}?limit=1`)) as { runs: unknown[] };
      expect(history.runs[0]).toMatchObject({ id, pagesExpected: 81, pagesRead: null });
      expect(history.runs[0]).not.toHaveProperty("lockHolder");
      const res = await adminFetch(ADMIN_PATHS.syncAll, { method: "POST" });
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(SyncRefusedSchema.parse(body)).toEqual(body);
    } finally {
      await lock.release();
    }
    expect(await answer(SyncStatusSchema, ADMIN_PATHS.syncStatus)).toMatchObject({ syncing: false, runningRunId: null });
  });

  it("session, cache controls, synced tables, the webhook subscription and the workspace check", async () => {
    expect(await answer(SessionStateSchema, ADMIN_PATHS.session)).toMatchObject({ authenticated: true });
    await answer(CacheStatsSchema, ADMIN_PATHS.cacheStats);
    expect(await answer(MessageResultSchema, ADMIN_PATHS.cacheDisable, "POST")).toEqual({ message: "Caching disabled" });
    expect(await answer(MessageResultSchema, ADMIN_PATHS.cacheEnable, "POST")).toEqual({ message: "Caching enabled" });
    await answer(MessageResultSchema, ADMIN_PATHS.cacheClear, "POST");
    await answer(NotionTablesSchema, ADMIN_PATHS.notionTables);
    expect(await answer(WebhookStateSchema, ADMIN_PATHS.notionWebhook)).toMatchObject({
      state: "not-set-up",
      webhookUrl: expect.stringMatching(/^http:\/\/localhost\/api\/notion\/webhook\/[A-Za-z0-9_-]{43}$/),
      pending: { pages: 0, schemas: 0, fullSync: false },
    });
    await answer(MessageResultSchema, ADMIN_PATHS.notionWebhook, "DELETE");
    expect(await answer(NotionCheckSchema, ADMIN_PATHS.notionCheck)).toMatchObject({ ok: true, findings: [] });
    expect(await answer(RebuildHookStateSchema, ADMIN_PATHS.rebuildHook)).toEqual({ source: "none", maskedUrl: null });
    expect(await answer(RebuildHookResultSchema, ADMIN_PATHS.rebuildHook, "DELETE")).toMatchObject({ source: "none" });
    expect(await answer(FirstRunStateSchema, ADMIN_PATHS.firstRun)).toMatchObject({ done: false });
    expect(await answer(NotionConnectionSchema, `${ADMIN_PATHS.firstRun}/notion`)).toMatchObject({ parent: null });
    expect(await answer(SessionStateSchema, ADMIN_PATHS.session, "DELETE")).toEqual({ authenticated: false, expiresAt: null });
  });
});
