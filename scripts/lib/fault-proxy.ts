import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback, type Listening } from "./listen.ts";

/**
 * What the proxy answers for a path instead of forwarding: a status (standard reason phrase unless `reason` is given, even
 * empty; empty body unless given; extra `headers` such as Retry-After), a connection cut without an answer (`reset`), or no
 * answer at all (`hang`). With `times`, only the path's first `times` requests get the fault and later ones are forwarded.
 */
export type Fault =
  | { status: number; reason?: string; body?: string; headers?: Record<string, string>; times?: number }
  | { reset: true; times?: number }
  | "hang";

/** A running fault proxy: its URL, how many requests each path received, and a close that also drops held requests. */
export type FaultProxy = Listening & { hits(path: string): number };

/** Forwards a request to the same path and query on `upstream` and streams the answer back (502 when the upstream cannot be reached). */
export function forward(req: IncomingMessage, res: ServerResponse, upstream: string): void {
  const target = new URL(req.url ?? "/", upstream);
  const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
    answer.pipe(res);
  });
  out.on("error", (error) => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: `upstream: ${error.message}` }));
  });
  req.pipe(out);
}

/** Starts an HTTP proxy in front of `upstream` that answers `faults` (by exact pathname) and forwards every other request. */
export async function startFaultProxy(upstream: string, faults: Record<string, Fault>): Promise<FaultProxy> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const fault = faults[path];
    if (!fault || (fault !== "hang" && fault.times !== undefined && hits.get(path)! > fault.times)) return forward(req, res, upstream);
    if (fault === "hang") return;
    if ("reset" in fault) return void req.socket.destroy();
    const body = fault.body ?? "";
    const headers = { ...(body ? { "content-type": body.startsWith("{") ? "application/json" : "text/plain" } : {}), ...fault.headers };
    if (fault.reason === undefined) res.writeHead(fault.status, headers).end(body);
    else res.writeHead(fault.status, fault.reason, headers).end(body);
  });
  const { url, close } = await listenOnLoopback(server);
  return { url, hits: (path) => hits.get(path) ?? 0, close };
}
