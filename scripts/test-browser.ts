/** `npm run test:browser`: starts the whole stack on a fresh local state, then runs the Chromium tests against it. */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { checkNode } from "./lib/check-node.ts";
import { freePort } from "./lib/free-port.ts";
import { ROOT, quietEnv } from "./lib/quiet-env.ts";
import { startStack } from "./lib/stack.ts";

checkNode();
if (!existsSync("/usr/bin/chromium")) {
  console.error("Browser tests drive Debian's Chromium: run `apt-get install -y chromium` (as root), then try again.");
  process.exit(1);
}

// Per-run folders, so two runs (or a run beside `npm start`) never share local state or a built site.
const state = resolve(ROOT, ".wrangler", `test-state-${process.pid}`);
const assets = resolve(ROOT, ".wrangler", `test-dist-${process.pid}`);
const stack = await startStack({ port: await freePort(), persistTo: state, assetsDir: assets, password: "browser-test-password", log: console.log });
let code = 1;
try {
  code = await new Promise<number>((done) => {
    const child = spawn("npx", ["vitest", "run", "--config", "vitest.browser.config.ts", ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: "inherit",
      env: quietEnv({ TEST_SITE_URL: stack.url, NOTION_URL: stack.notionUrl, ADMIN_PASSWORD: stack.password }),
    });
    child.on("exit", (exitCode) => done(exitCode ?? 1));
  });
} finally {
  await stack.stop();
  for (const dir of [state, assets]) rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
