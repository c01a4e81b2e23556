import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { signIn } from "./lib/admin-client.ts";
import { cacheDirFor } from "./lib/build-cache.ts";
import { buildFolderFor } from "./lib/build-site.ts";
import { syncTableRun } from "./lib/sync-run.ts";
import { freePort } from "./lib/ports.ts";
import { assertPortFree } from "./lib/ports.ts";
import { ROOT, quietEnv } from "./lib/quiet-env.ts";
import { taggedProcesses, type ProcessInfo } from "./launcher/tagged-processes.ts";

// Every process a launcher starts inherits this variable, whatever process group it runs in: /proc finds them all.
const TAG = "LAUNCHER_TEST_RUN";
const EXIT_LIMIT_MS = 20_000;
// `npm test` runs this file beside the workerd and browser tests, which slow a start-up several times over: the limit is
// generous because what is tested is the stop at each moment, not how soon the moment comes.
const MOMENT_LIMIT_MS = 300_000;
const PASSWORD = "launcher-test-password";

type Launch = { child: ChildProcess; tag: string; port: number; dir: string; output: () => string; exit: Promise<number | null> };
let launched: Launch | undefined;
// One site folder for every launch, as `npm start` keeps dist/ between runs: a launch reuses the pages an earlier one
// built (Astro's incremental cache) and recovers from one stopped mid-build. Each launch still gets a state folder of its own.
const DIST = resolve(ROOT, ".wrangler", `launcher-test-dist-${process.pid}`);

/** `npm start` (or the launcher itself), detached like a terminal's foreground job, on a free port with its own state and site folders. */
async function launch(command: "npm start" | "node scripts/start.ts"): Promise<Launch> {
  const tag = `${process.pid}-${Date.now()}`;
  const port = await freePort();
  const dir = resolve(ROOT, ".wrangler", `launcher-test-${tag}`);
  mkdirSync(dir, { recursive: true });
  // No NOTION_API_URL: the demo workspace's own server, which the launcher must stop too.
  const env = quietEnv({
    PORT: String(port),
    STATE_DIR: resolve(dir, "state"),
    DIST_DIR: DIST,
    NOTION_API_URL: "",
    ADMIN_PASSWORD: PASSWORD,
    [TAG]: tag,
  });
  const [file, args] = command === "npm start" ? ["npm", ["start"]] : [process.execPath, ["scripts/start.ts"]];
  const child = spawn(file, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  launched = { child, tag, port, dir, output: () => output, exit };
  return launched;
}

/**
 * Polls the launcher's output and processes until `reached` says the moment has come; fails if it exits or takes too long.
 * Reading every process's environment costs a few hundred /proc reads: done only when `reached` asks for the processes.
 */
async function waitFor(run: Launch, reached: (output: string, processes: () => ProcessInfo[]) => boolean): Promise<ProcessInfo[]> {
  const deadline = Date.now() + MOMENT_LIMIT_MS;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`the launcher exited (${run.child.exitCode}) before the moment:\n${run.output()}`);
    let scan: ProcessInfo[] | undefined;
    const processes = () => (scan ??= taggedProcesses(TAG, run.tag));
    if (reached(run.output(), processes)) return processes();
    await sleep(50);
  }
  throw new Error(`the moment did not come within ${MOMENT_LIMIT_MS / 1000} s:\n${run.output()}`);
}

/** Sends the signal, then: exit within the limit, the port free, no process of the launch left. */
async function expectStopped(run: Launch, send: () => void): Promise<number | null> {
  const sent = Date.now();
  send();
  const code = await Promise.race([run.exit, sleep(EXIT_LIMIT_MS, "still running" as const)]);
  expect(code, run.output()).not.toBe("still running");
  console.log(`launcher test: stopped ${Date.now() - sent} ms after the signal`);
  await expect(assertPortFree(run.port)).resolves.toBeUndefined();
  // A clean stop: no error stack printed on the way out.
  expect(run.output()).not.toMatch(/^\s+at /m);
  expect(taggedProcesses(TAG, run.tag)).toEqual([]);
  return code as number | null;
}

const has = (processes: ProcessInfo[], ...words: string[]) => processes.some((p) => words.every((w) => p.cmdline.includes(w)));
const ctrlC = (run: Launch) => () => process.kill(-run.child.pid!, "SIGINT");
const STOPPED_EARLY = "Stopped before the start-up had finished.";
// The full sync's closing line: the site build starts after it (no need to scan processes for the build before).
const SYNC_DONE = /^sync: Synced \d+ of \d+ tables/m;

afterEach(async () => {
  if (!launched) return;
  // A failed test must not leave a launch running on a shared machine.
  for (const { pid } of taggedProcesses(TAG, launched.tag)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await Promise.race([launched.exit, sleep(5000)]);
  rmSync(launched.dir, { recursive: true, force: true });
  launched = undefined;
});

afterAll(() => {
  for (const folder of [DIST, buildFolderFor(DIST), cacheDirFor(DIST)]) rmSync(folder, { recursive: true, force: true });
});

describe("npm start stops everything on Ctrl-C at any moment", () => {
  it("right after launch, while the launcher itself is still loading", async () => {
    const run = await launch("npm start");
    await waitFor(run, (_, processes) => has(processes(), "scripts/start.ts"));
    await expectStopped(run, ctrlC(run));
    expect(run.output()).not.toContain("worker: listening");
  });

  it("while the D1 migrations run (a wrangler command in a process group of its own)", async () => {
    const run = await launch("npm start");
    const before = await waitFor(run, (_, processes) => has(processes(), "wrangler", "d1 execute"));
    expect(new Set(before.map((p) => p.pgid)).size).toBeGreaterThan(1);
    await expectStopped(run, ctrlC(run));
    expect(run.output()).toContain(STOPPED_EARLY);
  });

  it("while wrangler dev starts, before it answers", async () => {
    const run = await launch("npm start");
    await waitFor(run, (output, processes) => !output.includes("worker: listening") && has(processes(), "wrangler", " dev "));
    await expectStopped(run, ctrlC(run));
    expect(run.output()).not.toContain("worker: listening");
    expect(run.output()).toContain(STOPPED_EARLY);
  });

  it("during the sync", async () => {
    const run = await launch("npm start");
    const before = await waitFor(run, (output) => /^sync: full sync of every Notion database/m.test(output));
    expect(has(before, "workerd")).toBe(true);
    await expectStopped(run, ctrlC(run));
    // The full sync's closing summary line never came.
    expect(run.output()).not.toMatch(/^sync: .* Notion requests\)$/m);
    expect(run.output()).toContain(STOPPED_EARLY);
  });

  it("during the site build", async () => {
    const run = await launch("npm start");
    await waitFor(run, (output, processes) => SYNC_DONE.test(output) && has(processes(), "astro", "build"));
    await expectStopped(run, ctrlC(run));
    expect(run.output()).not.toContain("site: built");
    expect(run.output()).toContain(STOPPED_EARLY);
  });

  it("after Ready", async () => {
    const run = await launch("npm start");
    const before = await waitFor(run, (output) => output.includes("Ready in"));
    expect(has(before, "workerd")).toBe(true);
    await expectStopped(run, ctrlC(run));
    expect(run.output()).toContain("SIGINT: stopping wrangler dev, any build and the local servers...");
  });

  it("after Ready, during a rebuild an admin sync asked the local deploy hook for", async () => {
    const run = await launch("npm start");
    await waitFor(run, (output) => output.includes("Ready in"));
    const admin = await signIn(`http://127.0.0.1:${run.port}`, PASSWORD);
    const { tables } = await admin.call<{ tables: { tableName: string; databaseId: string | null }[] }>("/api/admin/notion-tables");
    const table = tables.find((t) => t.databaseId)!;
    await syncTableRun(admin, table);
    await waitFor(run, (output, processes) => output.includes("deploy hook: rebuild requested") && has(processes(), "astro", "build"));
    await expectStopped(run, ctrlC(run));
    expect(run.output().split("Ready in")[1]).not.toContain("site: built");
  });

  // The stop itself is the same code as Ctrl-C's, tested at every moment above: this checks the signal and its exit code,
  // at a moment with wrangler dev and its workerd in a process group of their own, well before the sync and the build.
  it("on SIGTERM to the launcher alone while wrangler dev starts (as a process manager stops it), exiting 143", async () => {
    const run = await launch("node scripts/start.ts");
    await waitFor(run, (output, processes) => !output.includes("worker: listening") && has(processes(), "wrangler", " dev "));
    const code = await expectStopped(run, () => process.kill(run.child.pid!, "SIGTERM"));
    expect(code).toBe(143);
    expect(run.output()).toContain("SIGTERM: stopping wrangler dev, any build and the local servers...");
    expect(run.output()).toContain(STOPPED_EARLY);
  });
});
