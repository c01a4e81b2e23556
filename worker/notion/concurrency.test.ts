import { describe, expect, it } from "vitest";
import { limiter } from "./concurrency";

describe("limiter", () => {
  it("runs at most `limit` calls at once, starting a free call at once and the waiting ones in order", async () => {
    const gate = limiter(2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const calls = [0, 1, 2, 3].map((n) =>
      gate.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(gate.busy).toBe(true);
    releases[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2]);
    releases[1]!();
    releases[2]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases[3]!();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3]);
    expect(gate.busy).toBe(false);
  });

  it("frees the slot of a call that throws", async () => {
    const gate = limiter(1);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.busy).toBe(false);
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
