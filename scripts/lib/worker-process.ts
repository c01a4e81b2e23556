import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT, quietEnv } from "./quiet-env.ts";
import { assertPortFree } from "./port-free.ts";
import { runNpx } from "./run.ts";

/** A running `wrangler dev` (workerd with local D1/KV/R2). */
export type WorkerProcess = { url: string; stop(): Promise<void>; exited: Promise<number | null> };

/** Options for a local worker: port, state folder, static assets folder (default dist), the secrets/vars it gets. */
export type WorkerOptions = { port: number; persistTo: string; assetsDir?: string; vars: Record<string, string>; extraArgs?: string[]; log?: (line: string) => void };

/** Applies D1 migrations locally, then starts `wrangler dev` and waits until /api/health answers. */
export async function startWorker(options: WorkerOptions): Promise<WorkerProcess> {
  await assertPortFree(options.port);
  const persistTo = resolve(ROOT, options.persistTo);
  mkdirSync(persistTo, { recursive: true });
  const assetsDir = resolve(ROOT, options.assetsDir ?? "dist");
  mkdirSync(assetsDir, { recursive: true });
  await runNpx(["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { quiet: true });
  // A worker that is not running holds no sync: locks left by an interrupted run would only block the first sync.
  await runNpx(["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", "DELETE FROM locks"], { quiet: true });
  // Secrets go through an env file so wrangler does not echo their values.
  const envFile = resolve(persistTo, "worker.env");
  writeFileSync(envFile, Object.entries(options.vars).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join("\n") + "\n", { mode: 0o600 });
  const args = ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(options.port), "--persist-to", persistTo, "--env-file", envFile, "--show-interactive-dev-session=false", "--assets", assetsDir, ...(options.extraArgs ?? [])];
  const child = spawn("npx", args, { cwd: ROOT, env: quietEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  const log = options.log ?? (() => {});
  let output = "";
  const onData = (chunk: Buffer) => {
    output = (output + chunk).slice(-8000);
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHealth(url, child, () => output);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { url, stop: () => stopProcess(child), exited };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not answer ${url}/api/health within 90 s:\n${output()}`);
}

/** Stops a detached child and its process group. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5000).unref();
  });
}
