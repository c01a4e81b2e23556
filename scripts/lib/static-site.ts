import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { forward } from "./fault-proxy.ts";
import { listenOnLoopback, type Listening } from "./listen.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain",
  ".png": "image/png",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/** A running static server: its URL and a close function. */
export type StaticSite = Listening;

async function fileAt(path: string): Promise<string | null> {
  return (await stat(path).catch(() => null))?.isFile() ? path : null;
}

/**
 * Serves a built site from `dir` as the worker's assets do (`/x` from `x.html`, `/` from `index.html`, misses get
 * `404.html` with status 404), forwarding `/api/*` and `/media/*` to `upstream`.
 */
export async function serveStaticSite(dir: string, upstream: string): Promise<StaticSite> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://site").pathname;
    if (pathname.startsWith("/api/") || pathname.startsWith("/media/")) return forward(req, res, upstream);
    let local: string;
    try {
      local = resolve(root, `.${decodeURIComponent(pathname)}`);
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("Bad path");
      return;
    }
    const inside = local === root || local.startsWith(root + sep);
    const found = inside ? ((await fileAt(local)) ?? (await fileAt(`${local}.html`)) ?? (await fileAt(join(local, "index.html")))) : null;
    const file = found ?? join(root, "404.html");
    res.writeHead(found ? 200 : 404, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(await readFile(file));
  });
  return listenOnLoopback(server);
}
