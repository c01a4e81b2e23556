/** `npm start`: demo Notion server, local worker (D1/KV/R2), full sync, site build, and a local deploy hook that rebuilds the site. */
import { adminPassword } from "./lib/admin-password.ts";
import { checkNode } from "./lib/check-node.ts";
import { startStack } from "./lib/stack.ts";

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
const { NOTION_API_URL, NOTION_TOKEN } = process.env;
const started = performance.now();

const stack = await startStack({
  port,
  persistTo: ".wrangler/state",
  password,
  notion: NOTION_API_URL && NOTION_TOKEN ? { url: NOTION_API_URL, token: NOTION_TOKEN } : undefined,
  log: console.log,
  webhooks: true,
});

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nReady in ${seconds} s: ${stack.url}\nAdmin panel: ${stack.url}/admin  ${description}\nPress Ctrl+C to stop.`);

let stopping = false;
const shutdown = () => {
  stopping = true;
  return stack.stop().then(() => process.exit(0));
};
void stack.workerExited.then(async (code) => {
  if (stopping) return;
  console.error(`wrangler dev stopped unexpectedly (exit code ${code}); see its output above. Run npm start again.`);
  await stack.stop();
  process.exit(1);
});
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
