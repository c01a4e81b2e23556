import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A test server listening on 127.0.0.1: its URL and a close that also drops open (and held) connections. */
export type Listening = { url: string; close(): Promise<void> };

/** Starts `server` on a free port of 127.0.0.1. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((ready, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", ready);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
