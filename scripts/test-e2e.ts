/** `npm run test:e2e`: starts the whole stack on a fresh local state, then runs the end-to-end Chromium tests against it. */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROMIUM_LAUNCH, TEST_BROWSER, TEST_BROWSERS } from "../site/e2e/support/browser.ts";
import { cacheDirFor } from "./lib/build-cache.ts";
import { buildFolderFor } from "./lib/build-site.ts";
import { checkNode } from "./lib/check-node.ts";
import { commandFor } from "./lib/run.ts";
import { freePort } from "./lib/ports.ts";
import { ROOT, quietEnv } from "./lib/quiet-env.ts";
import { startStack, type Stack } from "./launcher/stack.ts";

checkNode();
if (!TEST_BROWSER) {
  console.error(
    `Browser tests drive Debian's Chromium (${TEST_BROWSERS.join(" or ")}), and neither is installed: run \`apt-get install -y chromium-headless-shell\` (as root), then try again.`,
  );
  process.exit(1);
}

// Per-run folders, so two runs (or a run beside `npm start`) never share local state or a built site.
const state = resolve(ROOT, ".wrangler", `test-state-${process.pid}`);
const assets = resolve(ROOT, ".wrangler", `test-dist-${process.pid}`);
// wrangler dev and the build run in process groups of their own, so Ctrl-C does not reach them: on a signal, cancel the
// start-up (it stops what it started) or stop the tests, then stop the stack before exiting.
let interrupted = false;
let tests: ChildProcess | undefined;
const interrupt = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (!interrupted) console.error(`\n${signal}: stopping the tests and the stack...`);
    interrupted = true;
    interrupt.abort(new Error(signal));
    tests?.kill(signal);
  });
}
const removeFolders = () => {
  for (const dir of [state, assets, buildFolderFor(assets), cacheDirFor(assets)]) rmSync(dir, { recursive: true, force: true });
};
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const stackStarted = performance.now();
let stack: Stack;
// One Chromium for every test file, started while the stack starts (each file connects to it: see site/e2e/support/browser.ts).
let browser: BrowserServer | undefined;
const browserStarting = chromium.launchServer(CHROMIUM_LAUNCH).then((server) => (browser = server));
browserStarting.catch(() => {}); // awaited once the stack is up; a failure to start is thrown there
try {
  stack = await startStack({
    port: await freePort(),
    // Not wrangler's default 9229: two stacks starting side by side (npm test's two e2e lanes) would both find it free
    // and one would fail to bind it.
    inspectorPort: await freePort(),
    persistTo: state,
    assetsDir: assets,
    password: "browser-test-password",
    // A sync's rebuild is built only once a test waits for the site (site/e2e/support/stack.ts): most syncs in the tests
    // are there for the admin panel, which needs no build and no reload.
    buildMode: "deferred",
    log: console.log,
    signal: interrupt.signal,
  });
  const { sync, build } = stack.startup;
  console.log(
    `stack: ready in ${seconds(stackStarted)} s (full sync ${sync.seconds.toFixed(1)} s, site build ${build.seconds.toFixed(1)} s)`,
  );
  await browserStarting;
} catch (error) {
  await browserStarting.then((server) => server.close()).catch(() => {});
  removeFolders();
  if (!interrupted) throw error;
  process.exit(130);
}
let code = 1;
try {
  if (!interrupted) {
    code = await new Promise<number>((done) => {
      const [command, args] = commandFor(["vitest", "run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)]);
      tests = spawn(command, args, {
        cwd: ROOT,
        stdio: "inherit",
        env: quietEnv({
          TEST_SITE_URL: stack.url,
          TEST_SITE_DIST: assets,
          TEST_BROWSER_WS: browser!.wsEndpoint(),
          NOTION_URL: stack.notionUrl,
          ADMIN_PASSWORD: stack.password,
          DEPLOY_HOOK_STATUS_URL: stack.hook.statusUrl,
        }),
      });
      tests.on("exit", (exitCode) => done(exitCode ?? 1));
    });
  }
} finally {
  await browser?.close();
  await stack.stop();
  removeFolders();
}
process.exit(interrupted ? 130 : code);
