import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, inject, it, vi } from "vitest";
import type { RecordedCall } from "../../test/hook-recorder";
import { storedGeneration } from "../../test/cache-keys";
import {
  AfterSyncCoalescer,
  afterSyncCoalescer,
  WEBHOOK_AFTER_SYNC_INTERVAL_MS,
  WEBHOOK_REBUILD_MAX_WAIT_MS,
  WEBHOOK_REBUILD_QUIET_MS,
  webhookAfterSync,
} from "./after-sync-coalescer";

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

/** Moves the coalescer's clocks back by `ms`, as if its last purge, rebuild and folded batches were that much older. */
const age = (ms: number) =>
  runInDurableObject(coalescer(), async (_, state) => {
    for (const key of ["last", "rebuilt", "rebuildSince", "rebuildLatest"]) {
      const at = await state.storage.get<number>(key);
      if (at !== undefined) await state.storage.put(key, at - ms);
    }
  });

describe("webhook batches' cache purges and deploy-hook calls", () => {
  it("purges and calls the hook at once for a lone batch", async () => {
    const { env: hooked, calls } = hook();
    const before = await storedGeneration();
    await webhookAfterSync(hooked);
    expect(await storedGeneration()).not.toBe(before);
    expect((await calls()).map((c) => JSON.parse(c.body))).toEqual([{ reason: "table:webhook" }]);
    expect(await alarmAt()).toBeNull();
  });

  it(`folds the purges of a burst into one at the end of ${WEBHOOK_AFTER_SYNC_INTERVAL_MS / 1000} s, its rebuilds into one once batches stop for ${WEBHOOK_REBUILD_QUIET_MS / 1000} s`, async () => {
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
    const due = (await coalescer().rebuildDue())!;
    expect(due).toBeGreaterThanOrEqual(Date.now() + WEBHOOK_REBUILD_QUIET_MS - 5000);

    // The purge's interval ends: the folded purge runs, the rebuild still waits for the burst to end.
    await hookTheCoalescer(hooked);
    expect(await runDurableObjectAlarm(coalescer())).toBe(true);
    expect(await storedGeneration()).not.toBe(afterFirst);
    expect(await calls()).toHaveLength(1);
    expect(await alarmAt()).toBe(due);

    // A minute without a batch: the burst's one rebuild.
    await age(WEBHOOK_REBUILD_QUIET_MS);
    expect(await runDurableObjectAlarm(coalescer())).toBe(true);
    expect((await calls()).map((c) => JSON.parse(c.body))).toEqual([{ reason: "table:webhook" }, { reason: "table:webhook" }]);
    expect(await coalescer().rebuildDue()).toBeNull();
    expect(await alarmAt()).toBeNull();
  });

  it(`asks for a rebuild of a burst that never pauses ${WEBHOOK_REBUILD_MAX_WAIT_MS / 60_000} min after its first folded batch`, async () => {
    const { env: hooked, calls } = hook();
    await webhookAfterSync(hooked);
    await webhookAfterSync(hooked);
    // Batches kept coming for five minutes, the last one just now.
    await age(WEBHOOK_REBUILD_MAX_WAIT_MS);
    await webhookAfterSync(hooked);
    expect(await coalescer().rebuildDue()).toBeLessThanOrEqual(Date.now());
    await hookTheCoalescer(hooked);
    await runDurableObjectAlarm(coalescer());
    expect(await calls()).toHaveLength(2);
  });

  it("counts a folded rebuild as the last one: a batch within the quiet time after it is folded again, one after it is not", async () => {
    const { env: hooked, calls } = hook();
    await webhookAfterSync(hooked);
    await webhookAfterSync(hooked);
    await hookTheCoalescer(hooked);
    await age(WEBHOOK_REBUILD_QUIET_MS);
    await runDurableObjectAlarm(coalescer());
    expect(await calls()).toHaveLength(2);
    await webhookAfterSync(hooked);
    expect(await calls()).toHaveLength(2);
    expect(await coalescer().rebuildDue()).not.toBeNull();
    await runInDurableObject(coalescer(), (_, state) => state.storage.delete(["rebuildSince", "rebuildLatest"]));
    await age(WEBHOOK_REBUILD_QUIET_MS);
    await webhookAfterSync(hooked);
    expect(await calls()).toHaveLength(3);
  });

  it("does nothing when its alarm finds nothing folded", async () => {
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
