import { API_PATHS } from "#contract/api-paths";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { applyLocalMigrations } from "./local-migrations.ts";
import { writeLocalConfig } from "./local-config.ts";
import { ROOT, quietEnv } from "../lib/quiet-env.ts";
import { assertPortFree } from "../lib/ports.ts";
import { commandFor, stopProcess } from "../lib/run.ts";

/** A running `wrangler dev` (workerd with local D1/KV/R2). */
export type WorkerProcess = { url: string; stop(): Promise<void>; exited: Promise<number | null> };

/** Options for a local worker: port, state folder, static assets folder (default dist), the secrets/vars it gets, a signal that cancels the start. */
export type WorkerOptions = {
  port: number;
  persistTo: string;
  assetsDir?: string;
  vars: Record<string, string>;
  extraArgs?: string[];
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** The devtools port; wrangler's default (9229, or the next free one) when not given. */
  inspectorPort?: number;
};

/** Applies D1 migrations locally, then starts `wrangler dev` and waits until /api/health answers; an aborted or failed start leaves no process behind. */
export async function startWorker(options: WorkerOptions): Promise<WorkerProcess> {
  await assertPortFree(options.port);
  const persistTo = resolve(ROOT, options.persistTo);
  mkdirSync(persistTo, { recursive: true });
  const assetsDir = resolve(ROOT, options.assetsDir ?? "dist");
  mkdirSync(assetsDir, { recursive: true });
  await applyLocalMigrations(persistTo, options.signal);
  // Secrets go through an env file so wrangler does not echo their values.
  const envFile = resolve(persistTo, "worker.env");
  writeFileSync(
    envFile,
    Object.entries(options.vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n") + "\n",
    { mode: 0o600 },
  );
  const args = [
    "wrangler",
    "dev",
    "--config",
    writeLocalConfig(),
    "--ip",
    "127.0.0.1",
    "--port",
    String(options.port),
    "--persist-to",
    persistTo,
    "--env-file",
    envFile,
    "--show-interactive-dev-session=false",
    "--assets",
    assetsDir,
    ...(options.inspectorPort === undefined ? [] : ["--inspector-port", String(options.inspectorPort)]),
    ...(options.extraArgs ?? []),
  ];
  options.signal?.throwIfAborted();
  // Its own process group, so stopping it reaches workerd too (see stopProcess).
  const [command, commandArgs] = commandFor(args);
  const child = spawn(command, commandArgs, { cwd: ROOT, env: quietEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const log = options.log ?? (() => {});
  let output = "";
  const onData = (chunk: Buffer) => {
    output = (output + chunk).slice(-8000);
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, child, () => output, options.signal);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, stop: () => stopProcess(child), exited };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}${API_PATHS.health}`, { signal });
      if (res.ok) return;
    } catch {
      // not listening yet (or aborted: checked above on the next turn)
    }
    await sleep(300, undefined, { signal }).catch(() => {});
  }
  throw new Error(`wrangler dev did not answer ${url}/api/health within 90 s:\n${output()}`);
}
