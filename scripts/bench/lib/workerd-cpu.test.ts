import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cpuMsBetween, descendantsNamed } from "./workerd-cpu.ts";

describe("workerd CPU sampling", () => {
  it("bounds a window by the samples around it", () => {
    const samples = [
      { at: 1000, ns: 0 },
      { at: 1020, ns: 5e6 },
      { at: 1040, ns: 12e6 },
      { at: 1060, ns: 30e6 },
    ];
    expect(cpuMsBetween(samples, 1020, 1040)).toBe(7);
    expect(cpuMsBetween(samples, 1025, 1045)).toBe(25);
    expect(cpuMsBetween(samples, 990, 1040)).toBeNull();
    expect(cpuMsBetween(samples, 1040, 1070)).toBeNull();
  });

  it("finds a child process by name, and not an unrelated one", async () => {
    const child = spawn("sleep", ["5"]);
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      expect(descendantsNamed(process.pid, "sleep")).toEqual([child.pid]);
      expect(descendantsNamed(1, "no-such-process")).toEqual([]);
    } finally {
      child.kill();
    }
  });
});
