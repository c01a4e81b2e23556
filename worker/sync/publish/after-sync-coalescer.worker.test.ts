import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { RecordedCall } from "../../test/hook-recorder";
import { storedGeneration } from "../../test/cache-keys";
import { AfterSyncCoalescer, afterSyncCoalescer, WEBHOOK_AFTER_SYNC_INTERVAL_MS, webhookAfterSync } from "./after-sync-coalescer";

const recorder = inject("hookRecorderUrl");
const coalescer = () => afterSyncCoalescer(env);

/** A fresh recorder path, an environment whose deploy hook is it, and the calls it got so far. */
function hook() {
  const path = `/coalesced-${crypto.randomUUID()}`;
  const calls = async () => (await (await fetch(`${recorder}/__calls`)).json<RecordedCall[]>()).filter((c) => c.path === path);
  return { env: { ...env, DEPLOY_HOOK_URL: `${recorder}${path}` }, calls };
}

/** Points the coalescer object's own deploy hook (used at the interval's end) at `hooked`'s. */
const hookTheCoalescer = (hooked: Env) =>
  runInDurableObject(coalescer(), (instance: AfterSyncCoalescer) => {
    (instance as unknown as { env: Env }).env = hooked;
  });

const alarmAt = () => runInDurableObject(coalescer(), (_, state) => state.storage.getAlarm());

beforeEach(async () => {
  await runInDurableObject(coalescer(), async (_, state) => {
    await state.storage.deleteAll();
    await state.storage.deleteAlarm();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe(`webhook batches' cache purges and deploy-hook calls: at most one per ${WEBHOOK_AFTER_SYNC_INTERVAL_MS / 1000} s`, () => {
  it("purges and calls the hook at once for a batch with none in the last interval", async () => {
    const { env: hooked, calls } = hook();
    const before = await storedGeneration();
    await webhookAfterSync(hooked);
    expect(await storedGeneration()).not.toBe(before);
    expect((await calls()).map((c) => JSON.parse(c.body))).toEqual([{ reason: "table:webhook" }]);
    expect(await alarmAt()).toBeNull();
  });

  it("folds the batches ending within the interval into one purge and one hook call at its end", async () => {
    const { env: hooked, calls } = hook();
    const first = Date.now();
    await webhookAfterSync(hooked);
    const afterFirst = await storedGeneration();
    for (let i = 0; i < 5; i++) await webhookAfterSync(hooked);
    expect(await storedGeneration()).toBe(afterFirst);
    expect(await calls()).toHaveLength(1);
    expect(await coalescer().folded()).toBe(true);
    const at = (await alarmAt())!;
    expect(at).toBeGreaterThanOrEqual(first + WEBHOOK_AFTER_SYNC_INTERVAL_MS - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + WEBHOOK_AFTER_SYNC_INTERVAL_MS);

    await hookTheCoalescer(hooked);
    expect(await runDurableObjectAlarm(coalescer())).toBe(true);
    expect(await storedGeneration()).not.toBe(afterFirst);
    expect((await calls()).map((c) => JSON.parse(c.body))).toEqual([{ reason: "table:webhook" }, { reason: "table:webhook" }]);
    expect(await coalescer().folded()).toBe(false);
  });

  it("counts the folded purge as the next interval's: a batch right after it is folded again, one after the interval is not", async () => {
    const { env: hooked, calls } = hook();
    await webhookAfterSync(hooked);
    await webhookAfterSync(hooked);
    await hookTheCoalescer(hooked);
    await runDurableObjectAlarm(coalescer());
    expect(await calls()).toHaveLength(2);
    await webhookAfterSync(hooked);
    expect(await calls()).toHaveLength(2);
    expect(await coalescer().folded()).toBe(true);
    // The interval has passed since the last purge: the next batch's runs at once (and the folded one still at its end).
    await runInDurableObject(coalescer(), (_, state) => state.storage.put("last", Date.now() - WEBHOOK_AFTER_SYNC_INTERVAL_MS));
    await webhookAfterSync(hooked);
    expect(await calls()).toHaveLength(3);
  });

  it("does nothing at the interval's end when no batch was folded", async () => {
    const { env: hooked, calls } = hook();
    await webhookAfterSync(hooked);
    await runInDurableObject(coalescer(), (_, state) => state.storage.setAlarm(Date.now() + 60_000));
    await hookTheCoalescer(hooked);
    const before = await storedGeneration();
    expect(await runDurableObjectAlarm(coalescer())).toBe(true);
    expect(await storedGeneration()).toBe(before);
    expect(await calls()).toHaveLength(1);
  });

  it("purges and calls the hook at once, and logs why, when the coalescer cannot be reached", async () => {
    const { env: hooked, calls } = hook();
    await webhookAfterSync(hooked);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const unreachable = {
      ...hooked,
      AFTER_SYNC_COALESCER: {
        idFromName: () => {
          throw new Error("Durable Objects are unavailable");
        },
      } as unknown as Env["AFTER_SYNC_COALESCER"],
    };
    const before = await storedGeneration();
    await webhookAfterSync(unreachable);
    expect(await storedGeneration()).not.toBe(before);
    expect(await calls()).toHaveLength(2);
    expect(JSON.parse(String(error.mock.calls[0]![0]))).toEqual({
      event: "after_sync_unreachable",
      table: "webhook",
      message: "the coalescer could not be reached; purging and rebuilding at once",
      error: "Durable Objects are unavailable",
    });
  });
});
