import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { acquireLock, isLockHeld, LOCK_TTL_MS, LockBusyError, LockLostError, renewLock, withLock } from "./lock";

const expiry = async (name: string) =>
  (await env.DB.prepare("SELECT expires_at AS at FROM locks WHERE name = ?1").bind(name).first<{ at: number }>())?.at ?? null;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM locks");
});

describe("sync lock", () => {
  it("lets one holder in and refuses a second with LockBusyError until it is released", async () => {
    const first = await acquireLock(env.DB, "probe");
    await expect(acquireLock(env.DB, "probe")).rejects.toBeInstanceOf(LockBusyError);
    expect(await isLockHeld(env.DB, "probe")).toBe(true);
    await first.release();
    expect(await isLockHeld(env.DB, "probe")).toBe(false);
    await (await acquireLock(env.DB, "probe")).release();
  });

  it("expires LOCK_TTL_MS after the last heartbeat, so a holder that vanished blocks the next one only that long", async () => {
    const before = Date.now();
    await acquireLock(env.DB, "probe");
    const at = (await expiry("probe"))!;
    expect(at - before).toBeGreaterThanOrEqual(LOCK_TTL_MS);
    expect(at - Date.now()).toBeLessThanOrEqual(LOCK_TTL_MS);
    await env.DB.prepare("UPDATE locks SET expires_at = ?1 WHERE name = 'probe'")
      .bind(Date.now() - 1)
      .run();
    expect(await isLockHeld(env.DB, "probe")).toBe(false);
    const next = await acquireLock(env.DB, "probe");
    expect(await isLockHeld(env.DB, "probe")).toBe(true);
    await next.release();
  });

  it("extends the expiry at most every quarter of the TTL", async () => {
    // The clock is the test's: on a loaded machine the real one can pass a quarter of a short TTL between two calls.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const lock = await acquireLock(env.DB, "probe", 400);
      const first = (await expiry("probe"))!;
      vi.advanceTimersByTime(99);
      await lock.extend();
      expect(await expiry("probe")).toBe(first);
      vi.advanceTimersByTime(1);
      await lock.extend();
      expect(await expiry("probe")).toBe(first + 100);
      await lock.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("holds the lock for a long wait (a run sleeping out Notion's Retry-After): a later heartbeat or renewal never shortens it", async () => {
    const lock = await acquireLock(env.DB, "probe", 400);
    const before = Date.now();
    await renewLock(env.DB, "probe", lock.holder, 10 * 60_000);
    const held = (await expiry("probe"))!;
    expect(held).toBeGreaterThanOrEqual(before + 10 * 60_000);
    await new Promise((r) => setTimeout(r, 120));
    await lock.extend();
    await renewLock(env.DB, "probe", lock.holder, 400);
    expect(await expiry("probe")).toBe(held);
    expect(await isLockHeld(env.DB, "probe", before + 9 * 60_000)).toBe(true);
    // Another holder's renewal is refused, and leaves it as it was.
    await expect(renewLock(env.DB, "probe", "someone else", 20 * 60_000)).rejects.toBeInstanceOf(LockLostError);
    expect(await expiry("probe")).toBe(held);
    await lock.release();
  });

  it("keeps the lock past its TTL while the work waits without progress, and frees it after", async () => {
    await withLock(
      env.DB,
      "probe",
      async () => {
        await new Promise((r) => setTimeout(r, 1000));
        expect(await isLockHeld(env.DB, "probe")).toBe(true);
        await expect(acquireLock(env.DB, "probe")).rejects.toBeInstanceOf(LockBusyError);
      },
      400,
    );
    expect(await isLockHeld(env.DB, "probe")).toBe(false);
  });

  it("releases the lock however the work ends", async () => {
    await expect(
      withLock(env.DB, "probe", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await isLockHeld(env.DB, "probe")).toBe(false);
    expect(await withLock(env.DB, "probe", async () => 42)).toBe(42);
    expect(await isLockHeld(env.DB, "probe")).toBe(false);
  });
});
