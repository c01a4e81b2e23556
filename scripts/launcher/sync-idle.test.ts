import { describe, expect, it } from "vitest";
import type { AdminClient } from "../lib/admin-client.ts";
import { waitForSyncIdle } from "./sync-idle.ts";

/** An admin client whose sync-status answers `syncing` from the list in turn (the last one repeats). */
function statuses(...syncing: (boolean | Error)[]): AdminClient & { calls: number } {
  const client = {
    calls: 0,
    async call<T>(): Promise<T> {
      const next = syncing[Math.min(client.calls++, syncing.length - 1)];
      if (next instanceof Error) throw next;
      return { syncing: next } as T;
    },
  };
  return client;
}

describe("waitForSyncIdle", () => {
  it("returns at once when no sync holds the lock", async () => {
    const admin = statuses(false);
    expect(await waitForSyncIdle(admin, { pollMs: 1 })).toBe(true);
    expect(admin.calls).toBe(1);
  });

  it("waits for the lock to stay free for the quiet spell, starting over when a sync takes it again", async () => {
    const admin = statuses(true, false, true, false);
    const started = Date.now();
    expect(await waitForSyncIdle(admin, { pollMs: 5, quietMs: 40 })).toBe(true);
    expect(admin.calls).toBeGreaterThanOrEqual(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it("gives up after the limit while a sync keeps the lock", async () => {
    expect(await waitForSyncIdle(statuses(true), { pollMs: 5, limitMs: 30 })).toBe(false);
  });

  it("takes a status it cannot read as free (the publish must not hang on a signed-out client)", async () => {
    expect(await waitForSyncIdle(statuses(new Error("401")), { pollMs: 1 })).toBe(true);
  });
});
