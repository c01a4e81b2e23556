/** Dev/test stand-in for the worker: serves site/dev/fixtures.ts as the API, fake /media images, and dist/ (404.html with status 404). */
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { CONTENT, DESCRIPTIONS, HEADERS, IMAGES, ITEMS, POSTS } from "./fixtures.ts";

const DIST = resolve(import.meta.dirname, "../../dist");
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json", ".xml": "application/xml", ".txt": "text/plain", ".png": "image/png" };

type Reply = { status: number; body: string | Buffer; type: string };
const json = (body: unknown, status = 200): Reply => ({ status, body: JSON.stringify(body), type: "application/json" });
const missing = (path: string) => json({ error: `Not found: ${path}` }, 404);

function listing(category: string, view: string, params: URLSearchParams): Reply {
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const limit = Math.max(1, Number(params.get("limit") ?? 2) || 2);
  const all = ITEMS.filter((i) => i.category === category && (view !== "for-sale" || i.forSale));
  const items = all.slice((page - 1) * limit, page * limit);
  const years = all.map((i) => i.year as number).filter(Boolean);
  return json({
    items,
    pagination: { page, limit, totalPages: Math.ceil(all.length / limit), totalItems: all.length },
    total: all.length,
    filter_options: { manufacturers: [...new Set(all.map((i) => i.manufacturer as string))], yearRange: years.length ? [Math.min(...years), Math.max(...years)] : [1900, 2023], denominations: [], additionalFilters: { gameTypes: [], productCategories: [], stimulatorTypes: [], adTypes: [], partTypes: [] } },
  });
}

function api(path: string, params: URLSearchParams): Reply {
  const [, , resource, a, b] = path.split("/");
  if (resource === "health") return json({ ok: true });
  if (resource === "content") return CONTENT[a] ? json(CONTENT[a]) : missing(path);
  if (resource === "images") return IMAGES[a] ? json(IMAGES[a]) : missing(path);
  if (resource === "page-description") return DESCRIPTIONS[a] ? json(DESCRIPTIONS[a]) : missing(path);
  if (resource === "page-headers") return HEADERS[a] ? json(HEADERS[a]) : missing(path);
  if (resource === "posts" && a === "section") return json(POSTS[b] ?? []);
  if (resource === "collection" && a) {
    if (!b || b === "gallery" || b === "for-sale") return listing(a, b ?? "all", params);
    const item = ITEMS.find((i) => i.id === decodeURIComponent(b));
    // Two deliberate faults so the build renders 'Item Not Found': a category mismatch and a failing detail call.
    if (item?.id === "arc-3") return json({ ...item, category: "vending" });
    if (item?.id === "slot-12") return { status: 503, body: "", type: "text/plain" };
    return item ? json(item) : missing(path);
  }
  return missing(path);
}

function media(path: string): Reply {
  if (/broken|missing/.test(path)) return { status: 404, body: "", type: "text/plain" };
  const label = path.split("/").pop()!.replace(/\.\w+$/, "");
  const hue = [...label].reduce((h, c) => h + c.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="hsl(${hue} 45% 40%)"/><text x="400" y="320" font-size="64" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return { status: 200, body: svg, type: "image/svg+xml" };
}

async function file(path: string): Promise<Reply> {
  const candidates = [join(DIST, path), join(DIST, `${path.replace(/\/$/, "")}.html`), join(DIST, path, "index.html")];
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { status: 200, body: await readFile(candidate), type: TYPES[extname(candidate)] ?? "application/octet-stream" };
  }
  return { status: 404, body: await readFile(join(DIST, "404.html")).catch(() => "Not found"), type: TYPES[".html"] };
}

/** Starts the fixture server on `port`; resolves with its URL and a close function. */
export async function startFixtureServer(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const path = decodeURIComponent(url.pathname);
    const reply = path.startsWith("/api/") ? api(path, url.searchParams) : path.startsWith("/media/") ? media(path) : await file(path);
    res.writeHead(reply.status, { "content-type": reply.type, "cache-control": "no-store" }).end(reply.body);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return { url: `http://127.0.0.1:${actual}`, close: () => new Promise((done) => server.close(() => done())) };
}

if (import.meta.main) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8790);
  const { url } = await startFixtureServer(port);
  console.log(`fixture API and dist/ on ${url}`);
}
