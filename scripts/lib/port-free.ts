import { createServer } from "node:net";

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
