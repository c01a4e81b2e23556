/**
 * `npm test`: every check and test stage, in four lanes that run side by side. Stages in a lane run one after another; the
 * lanes pair the CPU-bound stages with those that mostly wait (a browser, a sync paced for Notion, a launcher being
 * started and stopped). Each line of output is prefixed with its stage; the first failure stops the other stages and
 * its whole output is printed again at the end. Every run ends with each stage's time and the slowest test files of
 * each vitest stage, read from their JSON reports in test-results/timings/.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, quietEnv } from "./lib/quiet-env.ts";
import { taggedProcesses } from "./launcher/tagged-processes.ts";
import { timingReport, type StageTime } from "./test-report.ts";

type Stage = { name: string; script: string; args?: string[]; vitest?: boolean; env?: Record<string, string> };

const TIMINGS = resolve(ROOT, "test-results", "timings");
// The static checks first (a type or lint error fails in the first minutes), then unit and workerd tests in one lane. The
// browser tests run in two groups, each against a stack of its own (site/test/e2e-groups.ts), a lane each, so neither
// waits for the other's syncs and rebuilds. The launcher tests start `npm start` eight times, one after another: the
// longest stage, it starts right after lint. On two cores every lane shares a saturated CPU (docs/development.md).
const LANES: Stage[][] = [
  [
    { name: "typecheck", script: "typecheck" },
    { name: "deploy", script: "deploy", args: ["--dry-run"] },
    { name: "unit", script: "test:unit", vitest: true },
    { name: "worker", script: "test:worker", vitest: true },
  ],
  [
    { name: "lint", script: "lint" },
    { name: "launcher", script: "test:launcher", vitest: true },
  ],
  [{ name: "e2e-rebuilds", script: "test:e2e", vitest: true, env: { E2E_GROUP: "rebuilds" } }],
  [{ name: "e2e-pages", script: "test:e2e", vitest: true, env: { E2E_GROUP: "pages" } }],
];
// Every process a stage starts inherits this tag, detached process groups included: a stopped run leaves none behind.
const TAG = "NPM_TEST_RUN";
const tag = `${process.pid}-${Date.now()}`;
const STOP_GRACE_MS = 30_000;

const reportOf = (stage: Stage) => resolve(TIMINGS, `${stage.name}.json`);
const started = performance.now();
const times: StageTime[] = [];
const running = new Map<string, ChildProcess>();
let failure: { stage: string; output: string } | undefined;

/** Runs one stage through npm with its output prefixed line by line; resolves with its exit code (null when stopped). */
function run(stage: Stage): Promise<number | null> {
  const vitestArgs = stage.vitest ? ["--reporter=default", "--reporter=json", `--outputFile.json=${reportOf(stage)}`] : [];
  const args = ["run", stage.script, "--", ...(stage.args ?? []), ...vitestArgs];
  const child = spawn("npm", args, {
    cwd: ROOT,
    env: quietEnv({ ...stage.env, [TAG]: tag, NO_COLOR: "1" }),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.set(stage.name, child);
  let output = "";
  const prefix = `[${stage.name}] `;
  const forward = (stream: NodeJS.WriteStream) => {
    let partial = "";
    return (chunk: Buffer) => {
      const text = partial + chunk.toString();
      output += chunk.toString();
      const lines = text.split("\n");
      partial = lines.pop()!;
      for (const line of lines) stream.write(prefix + line + "\n");
    };
  };
  child.stdout.on("data", forward(process.stdout));
  child.stderr.on("data", forward(process.stderr));
  const since = performance.now();
  return new Promise((done) => {
    child.on("close", (code, signal) => {
      running.delete(stage.name);
      const exit = signal ? null : code;
      times.push({ name: stage.name, ms: performance.now() - since, code: exit, report: stage.vitest ? reportOf(stage) : undefined });
      if (exit !== 0 && !failure && !stopping) failure = { stage: stage.name, output };
      done(exit);
    });
  });
}

let stopping = false;
/** Stops every running stage (SIGTERM to its process group, so the e2e stack and launches stop cleanly), then anything tagged left. */
async function stopAll(signal: NodeJS.Signals = "SIGTERM") {
  stopping = true;
  for (const child of running.values()) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + STOP_GRACE_MS;
  while (running.size > 0 && Date.now() < deadline) await sleep(200);
  for (const { pid } of taggedProcesses(TAG, tag)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}

/** One lane: its stages in order, until one fails or the run is stopping. */
async function lane(stages: Stage[]) {
  for (const stage of stages) {
    if (stopping) return;
    console.log(`[${stage.name}] npm run ${stage.script}`);
    if ((await run(stage)) !== 0) {
      if (!stopping) await stopAll();
      return;
    }
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping every stage...`);
    interrupted = true;
    void stopAll(signal);
  });
}

rmSync(TIMINGS, { recursive: true, force: true });
mkdirSync(TIMINGS, { recursive: true });
await Promise.all(LANES.map(lane));
// A stage stopped midway may leave what it started in process groups of its own (a launch of `npm start`): none outlives the run.
await stopAll();
if (failure) {
  console.error(`\n==== ${failure.stage} failed; its whole output: ====\n${failure.output}`);
}
console.log("\n" + timingReport(times, ROOT, performance.now() - started).join("\n"));
process.exit(interrupted ? 130 : failure ? 1 : 0);
