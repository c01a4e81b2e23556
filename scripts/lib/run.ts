import { spawn, type ChildProcess } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, quietEnv } from "./quiet-env.ts";

/**
 * How to start `npx {bin} ...`: the project's own JavaScript bin straight with this Node (npx would look it up again
 * on every build), else npx itself.
 */
export function commandFor(args: string[]): [string, string[]] {
  const [bin, ...rest] = args;
  if (bin === undefined) return ["npx", args];
  try {
    const script = realpathSync(resolve(ROOT, "node_modules", ".bin", bin));
    if (/\.[cm]?js$/.test(script)) return [process.execPath, [script, ...rest]];
  } catch {
    // not installed locally: npx finds it or says so
  }
  return ["npx", args];
}

/**
 * Runs an npx command to completion, streaming its output with a prefix; rejects on a non-zero exit. The command runs in
 * its own process group, stopped whole when `signal` aborts (the promise then rejects once the group is gone).
 */
export function runNpx(
  args: string[],
  options: { env?: Record<string, string>; prefix?: string; quiet?: boolean; signal?: AbortSignal } = {},
): Promise<string> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolveRun, reject) => {
    const [command, commandArgs] = commandFor(args);
    const child = spawn(command, commandArgs, { cwd: ROOT, env: quietEnv(options.env), stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const print = options.quiet ? null : lineWriter((line) => console.log(`${options.prefix ?? ""}${line}`));
    const forward = (chunk: Buffer) => {
      output += chunk;
      print?.write(chunk.toString());
    };
    const onAbort = () => void stopProcess(child).then(() => reject(signal!.reason));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout?.on("data", forward);
    child.stderr?.on("data", forward);
    child.on("error", reject);
    child.on("exit", (code) => {
      print?.end();
      if (signal?.aborted) return;
      signal?.removeEventListener("abort", onAbort);
      if (code === 0) resolveRun(output);
      else reject(new Error(`npx ${args.join(" ")} exited with ${code}\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Cuts text arriving in chunks into whole lines for `line`: a chunk may end inside a line (Astro writes a file's name,
 * then ` (cached)` to the same line), whose start is held until its end arrives; `end` passes on what is left. Empty
 * lines are dropped.
 */
export function lineWriter(line: (text: string) => void): { write(text: string): void; end(): void } {
  let partial = "";
  return {
    write(text) {
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const whole of lines) if (whole) line(whole);
    },
    end() {
      if (partial) line(partial);
      partial = "";
    },
  };
}

/** Whether any process is left in process group `group`. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a child spawned with `detached: true` and everything else in its process group (wrangler's workerd, astro's
 * esbuild): SIGTERM, SIGKILL after `graceMs`; resolves once the group is gone, so its ports are free.
 */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  const group = child.pid;
  if (!group) return;
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group, signal);
    } catch {
      // the group is already gone
    }
  };
  send("SIGTERM");
  const killAt = Date.now() + graceMs;
  let killed = false;
  // Bounded: a group that outlives SIGKILL by 5 s (a process stuck in the kernel) is left to the OS.
  while (groupAlive(group) && Date.now() < killAt + 5000) {
    if (!killed && Date.now() >= killAt) {
      send("SIGKILL");
      killed = true;
    }
    await sleep(50);
  }
}
