/** `node scripts/notion-server/cli.ts [--port N] [--token T] [--rps R]`: the local Notion server with the demo workspace. */
import { parseArgs } from "node:util";
import { startNotionServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8790" },
    token: { type: "string", default: "demo-token" },
    rps: { type: "string" },
    host: { type: "string", default: "127.0.0.1" },
  },
});
const port = Number(values.port);
const rps = values.rps === undefined ? null : Number(values.rps);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port ${values.port} is not a valid port number`);
  process.exit(1);
}
if (rps !== null && !(rps > 0)) {
  console.error(`--rps ${values.rps} must be a positive number`);
  process.exit(1);
}
const server = await startNotionServer({ port, host: values.host, token: values.token, requestsPerSecond: rps });
console.log(`Notion demo server on ${server.url}`);
console.log(`token: ${server.token}${rps ? `, limited to ${rps} requests/s` : ""}; control API under ${server.url}/__control/`);
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
