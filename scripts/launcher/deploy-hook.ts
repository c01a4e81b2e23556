import { createServer, type Server } from "node:http";

/**
 * A local stand-in for a hosting provider's deploy hook: POST /rebuild queues one rebuild at a time; GET /status says
 * whether one runs; POST /hold and /release hold finished builds back from publishing (tests running a series of syncs
 * that a publish, which reloads `wrangler dev`, would cut).
 */
export type DeployHook = {
  url: string;
  statusUrl: string;
  arm(): void;
  idle(): Promise<void>;
  released(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts the hook server on 127.0.0.1, unarmed until `arm()` (the launcher builds once after its own initial sync); requests
 * during a build coalesce into one follow-up build. `close()` drops a queued build and waits for the running one (the
 * launcher cancels that first).
 */
export function startDeployHook(
  port: number,
  rebuild: () => Promise<unknown>,
  log: (line: string) => void = console.log,
): Promise<DeployHook> {
  let armed = false;
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
    if (req.method === "POST" && req.url === "/rebuild") {
      if (armed) {
        log("deploy hook: rebuild requested");
        void kick();
      }
      res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ queued: true }));
      return;
    }
    if (req.method === "GET" && req.url === "/status") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ building: running !== null, held: hold !== null }));
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
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ held: hold !== null }));
      return;
    }
    res
      .writeHead(404, { "content-type": "application/json" })
      .end(JSON.stringify({ error: "POST /rebuild, /hold or /release, or GET /status" }));
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
          hold?.release();
          await new Promise<void>((done) => server.close(() => done()));
          await running;
        },
      }),
    ),
  );
}
