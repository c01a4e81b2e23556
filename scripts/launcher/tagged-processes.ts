import { readdirSync, readFileSync } from "node:fs";

/** A running process: pid, process group and command line. */
export type ProcessInfo = { pid: number; pgid: number; cmdline: string };

/**
 * Every live process (Linux /proc) whose environment holds `name=value`: a tag set on a launcher is inherited by all it
 * starts, detached process groups and processes handed to init included, so none escapes the count. Zombies carry no
 * environment and do not count.
 */
export function taggedProcesses(name: string, value: string): ProcessInfo[] {
  const needle = `\0${name}=${value}\0`;
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!`\0${readFileSync(`/proc/${entry}/environ`, "latin1")}`.includes(needle)) continue;
      // Field 5 of stat, counted after the parenthesised command name (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      found.push({ pid: Number(entry), pgid, cmdline: readFileSync(`/proc/${entry}/cmdline`, "latin1").replaceAll("\0", " ").trim() });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
