import { createServer } from "node:net";

/** Local TCP ports on 127.0.0.1: one the OS hands out, and a check that a chosen one is free. */

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Fails early with a fix-it message when something already listens on `port`. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolveCheck, reject) => {
    const server = createServer();
    server.once("error", () =>
      reject(
        new Error(
          `Port ${port} on 127.0.0.1 is already in use: stop what runs there or choose another port, e.g. PORT=${port + 1} npm start.`,
        ),
      ),
    );
    server.listen(port, "127.0.0.1", () => server.close(() => resolveCheck()));
  });
}
