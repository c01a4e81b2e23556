import { createServer, type Server } from "node:http";

/**
 * A local stand-in for a hosting provider's deploy hook: POST /rebuild queues one rebuild at a time; GET /status says
 * whether one runs and whether one waits; POST /hold and /release hold finished builds back from publishing (tests
 * running a series of syncs that a publish, which reloads `wrangler dev`, would cut). A deferring hook (the browser
 * tests' stacks) only records a request, and builds once POST /build asks for the site (or the next request, once
 * switched back by POST /on-request; POST /defer switches again).
 */
export type DeployHook = {
  url: string;
  statusUrl: string;
  arm(): void;
  idle(): Promise<void>;
  released(): Promise<void>;
  close(): Promise<void>;
};

/** When a rebuild request builds: at once, as a host does (`npm start`), or once asked for (`deferred`: the browser tests). */
export type BuildMode = "on-request" | "deferred";

/**
 * Starts the hook server on 127.0.0.1, unarmed until `arm()` (the launcher builds once after its own initial sync); requests
 * during a build coalesce into one follow-up build, and so do requests a deferring hook records before POST /build.
 * `close()` drops a queued build and waits for the running one (the launcher cancels that first).
 */
export function startDeployHook(
  port: number,
  rebuild: () => Promise<unknown>,
  log: (line: string) => void = console.log,
  mode: BuildMode = "on-request",
): Promise<DeployHook> {
  let armed = false;
  // A request a deferring hook recorded and has not built yet.
  let waiting = false;
  let running: Promise<void> | null = null;
  let again = false;
  let hold: { done: Promise<void>; release: () => void } | null = null;
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await rebuild();
        } catch (error) {
          log(`rebuild failed: ${error instanceof Error ? error.message : error}`);
        }
      } while (again);
      running = null;
    })();
    return running;
  };
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "POST" && req.url === "/rebuild") {
      if (armed && mode === "deferred") {
        log("deploy hook: rebuild requested (built once a test asks for the site)");
        waiting = true;
      } else if (armed) {
        log("deploy hook: rebuild requested");
        waiting = false;
        void kick();
      }
      json(202, { queued: true });
      return;
    }
    if (req.method === "POST" && req.url === "/build") {
      if (waiting) {
        waiting = false;
        void kick();
      }
      json(202, { building: running !== null });
      return;
    }
    if (req.method === "POST" && (req.url === "/defer" || req.url === "/on-request")) {
      // A request still waiting is built with the next one, or when POST /build asks.
      mode = req.url === "/defer" ? "deferred" : "on-request";
      json(200, { mode });
      return;
    }
    if (req.method === "GET" && req.url === "/status") {
      json(200, { building: running !== null, held: hold !== null, waiting });
      return;
    }
    if (req.method === "POST" && (req.url === "/hold" || req.url === "/release")) {
      if (req.url === "/hold" && !hold) {
        let release = () => {};
        hold = { done: new Promise<void>((resolve) => (release = resolve)), release };
      } else if (req.url === "/release" && hold) {
        hold.release();
        hold = null;
      }
      json(200, { held: hold !== null });
      return;
    }
    json(404, { error: "POST /rebuild, /build, /defer, /on-request, /hold or /release, or GET /status" });
  });
  return new Promise((ready) =>
    server.listen(port, "127.0.0.1", () =>
      ready({
        url: `http://127.0.0.1:${port}/rebuild`,
        statusUrl: `http://127.0.0.1:${port}/status`,
        arm: () => {
          armed = true;
        },
        idle: () => running ?? Promise.resolve(),
        released: () => hold?.done ?? Promise.resolve(),
        close: async () => {
          armed = false;
          again = false;
          waiting = false;
          hold?.release();
          await new Promise<void>((done) => server.close(() => done()));
          await running;
        },
      }),
    ),
  );
}
