/** The CPU time of the workerd processes this process started, sampled from /proc (Linux), to bound what one workflow step used. */
import { readFileSync, readdirSync } from "node:fs";

/** CPU nanoseconds a process has used so far, summed over its threads (`/proc/{pid}/task/{tid}/schedstat`'s first field). */
function processCpuNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`))
    total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  return total;
}

/** Pids of the processes named `comm` among `root`'s descendants. */
export function descendantsNamed(root: number, comm: string): number[] {
  const parent = new Map<number, number>();
  const name = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The name is in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(")");
      name.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      parent.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // The process ended while we listed it.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...name].filter(([pid, n]) => n === comm && isDescendant(pid)).map(([pid]) => pid);
}

/** A sample: wall-clock epoch ms, and the CPU ns every workerd descendant had used by then. */
export type CpuSample = { at: number; ns: number };

/**
 * The most CPU the workerd processes used over a window: the growth between the last sample at or before `from` and
 * the first at or after `to` (so an upper bound of what anything running in that window used); null when the samples
 * do not cover it.
 */
export function cpuMsBetween(samples: CpuSample[], from: number, to: number): number | null {
  const before = samples.findLast((s) => s.at <= from);
  const after = samples.find((s) => s.at >= to);
  return before && after ? (after.ns - before.ns) / 1e6 : null;
}

/** Samples the CPU of this process's workerd descendants every `everyMs` until `stop()`, which returns the samples. */
export function sampleWorkerdCpu(everyMs = 20): { stop: () => CpuSample[] } {
  const samples: CpuSample[] = [];
  // Processes that ended keep counting with the CPU they had used, so the total never goes back.
  const last = new Map<number, number>();
  const timer = setInterval(() => {
    for (const pid of descendantsNamed(process.pid, "workerd")) {
      try {
        last.set(pid, processCpuNs(pid));
      } catch {
        // It ended between the listing and the read.
      }
    }
    samples.push({ at: Date.now(), ns: [...last.values()].reduce((a, b) => a + b, 0) });
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}
