import { createServer } from "node:http";

/** A POST seen by the recorder. */
export type RecordedCall = { method: string; path: string; body: string };

/**
 * A tiny Node server standing in for a deploy hook in workerd tests: any POST is recorded and
 * answered with `?status=` (default 202); `GET /__calls` lists what it saw.
 */
export function startHookRecorder(): Promise<{ url: string; close(): Promise<void> }> {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://recorder");
    if (req.method === "GET" && url.pathname === "/__calls") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(calls));
      return;
    }
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      calls.push({ method: req.method ?? "", path: url.pathname, body });
      const status = Number(url.searchParams.get("status") ?? 202);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ queued: status < 300 }));
    });
  });
  return new Promise((ready) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      ready({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}
