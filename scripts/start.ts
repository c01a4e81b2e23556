/** `npm start`: demo Notion server, local worker (D1/KV/R2), full sync, site build, and a local deploy hook that rebuilds the site. */
import { adminPassword } from "./launcher/admin-password.ts";
import { checkNode } from "./lib/check-node.ts";
import { startStack, type Stack } from "./launcher/stack.ts";

checkNode();

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT=${process.env.PORT} is not a valid port number (try PORT=8787).`);
  process.exit(1);
}
let admin: ReturnType<typeof adminPassword>;
try {
  admin = adminPassword(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const { password, description } = admin;
const { NOTION_API_URL, NOTION_TOKEN, NOTION_PARENT_PAGE } = process.env;
const started = performance.now();

// wrangler dev and every build run in process groups of their own, which Ctrl-C does not reach: a signal at any moment,
// start-up included, stops them here. A start-up cut short exits 128 + the signal's number; a stop after Ready exits 0.
const interrupt = new AbortController();
let stack: Stack | undefined;
let stopping = false;
let exitCode = 0;
for (const [signal, number] of [
  ["SIGINT", 2],
  ["SIGTERM", 15],
] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping wrangler dev, any build and the local servers...`);
    if (stack) return void stack.stop().then(() => process.exit(0));
    exitCode = 128 + number;
    interrupt.abort(new Error(`${signal} during start-up`));
  });
}

try {
  stack = await startStack({
    port,
    persistTo: process.env.STATE_DIR || ".wrangler/state",
    assetsDir: process.env.DIST_DIR || "dist",
    password,
    notion:
      NOTION_API_URL && NOTION_TOKEN
        ? { url: NOTION_API_URL, token: NOTION_TOKEN, ...(NOTION_PARENT_PAGE?.trim() ? { parentPage: NOTION_PARENT_PAGE.trim() } : {}) }
        : undefined,
    log: console.log,
    signal: interrupt.signal,
    webhooks: true,
  });
} catch (error) {
  if (!interrupt.signal.aborted) throw error;
}
if (!stack || interrupt.signal.aborted) {
  await stack?.stop();
  console.log("Stopped before the start-up had finished.");
  process.exit(exitCode);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nReady in ${seconds} s: ${stack.url}\nAdmin panel: ${stack.url}/admin  ${description}\nPress Ctrl+C to stop.`);

void stack.workerExited.then(async (code) => {
  if (stopping) return;
  console.error(`wrangler dev stopped unexpectedly (exit code ${code}); see its output above. Run npm start again.`);
  await stack.stop();
  process.exit(1);
});
