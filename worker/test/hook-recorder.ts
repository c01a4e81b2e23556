import { createServer } from "node:http";

/** A POST seen by the recorder. */
export type RecordedCall = { method: string; path: string; body: string };

/** The token the Siteverify stand-in passes; any other fails with `invalid-input-response`. */
export const PASSING_TURNSTILE_TOKEN = "passing-turnstile-token";

/**
 * A tiny Node server standing in for a deploy hook in workerd tests: any POST is recorded and
 * answered with `?status=` (default 202); `GET /__calls` lists what it saw. `POST /siteverify` stands in for Turnstile's
 * Siteverify (its JSON answer: success for PASSING_TURNSTILE_TOKEN), unless `?status=` asks for another status.
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
      if (url.pathname === "/siteverify" && !url.searchParams.has("status")) {
        const success = (JSON.parse(body || "{}") as { response?: string }).response === PASSING_TURNSTILE_TOKEN;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ success, "error-codes": success ? [] : ["invalid-input-response"] }));
        return;
      }
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
