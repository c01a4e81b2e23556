import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, type Listening } from "../../../scripts/lib/listen.ts";

type Catalogue = typeof import("./catalogue");

const ITEM = { id: "a1", title: "Mills Bell", category: "slots" };
let server: Listening;
const hits = new Map<string, number>();
let catalogue: Catalogue;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const path = req.url ?? "/";
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      if (path === "/api/collection/slots/flaky") return n <= 2 ? json(503, { error: "busy" }, { "Retry-After": "0" }) : json(200, { ...ITEM, id: "flaky" });
      if (path === "/api/collection/slots/cut") return n === 1 ? void req.socket.destroy() : json(200, { ...ITEM, id: "cut" });
      if (path === "/api/collection/slots/limited") return n === 1 ? json(429, { error: "slow down" }, { "Retry-After": "1" }) : json(200, { ...ITEM, id: "limited" });
      if (path === "/api/collection/slots/down") return json(500, { error: "D1 is unavailable" }, { "Retry-After": "0" });
      if (path === "/api/collection/slots/gone") return json(404, { error: "Item not found" });
      if (path === "/api/collection/slots/arcade") return json(200, { ...ITEM, id: "arcade", category: "arcades" });
      if (path.startsWith("/api/collection/parts/for-sale")) return json(502, { error: "bad gateway" }, { "Retry-After": "0" });
      json(404, { error: "Not found" });
    }),
  );
  vi.stubEnv("SITE_API_URL", server.url);
  vi.stubEnv("SITE_API_RETRIES", "2");
  vi.spyOn(console, "warn").mockImplementation(() => {});
  catalogue = await import("./catalogue");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server.close();
});

describe("catalogue fetches at build time", () => {
  it("retry transient failures (503 twice, a cut connection) and give the item", async () => {
    expect((await catalogue.itemDetail("slots", "flaky", "/gallery/slots/flaky")).id).toBe("flaky");
    expect(hits.get("/api/collection/slots/flaky")).toBe(3);
    expect((await catalogue.itemDetail("slots", "cut", "/gallery/slots/cut")).id).toBe("cut");
    expect(hits.get("/api/collection/slots/cut")).toBe(2);
  });

  it("wait what a 429's Retry-After asks for before trying again", async () => {
    const started = performance.now();
    expect((await catalogue.itemDetail("slots", "limited", "/for-sale/slots/limited")).id).toBe("limited");
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits.get("/api/collection/slots/limited")).toBe(2);
  });

  it("fail with the page, the request, the number of attempts and the cause once the retries are spent", async () => {
    await expect(catalogue.itemDetail("slots", "down", "/gallery/slots/down")).rejects.toThrow(
      'Cannot build /gallery/slots/down: GET /api/collection/slots/down failed after 3 attempts: 500: {"error":"D1 is unavailable"}',
    );
    expect(hits.get("/api/collection/slots/down")).toBe(3);
  });

  it("fail at once on an answer retrying cannot change (404, another category)", async () => {
    await expect(catalogue.itemDetail("slots", "gone", "/gallery/slots/gone")).rejects.toThrow(
      'Cannot build /gallery/slots/gone: GET /api/collection/slots/gone failed after 1 attempt: 404: {"error":"Item not found"}',
    );
    expect(hits.get("/api/collection/slots/gone")).toBe(1);
    await expect(catalogue.itemDetail("slots", "arcade", "/gallery/slots/arcade")).rejects.toThrow("Cannot build /gallery/slots/arcade: Category mismatch: expected 'slots', got 'arcades'");
  });

  it("fail a listing that keeps failing, naming its page, for its first page and for the walk over all its items", async () => {
    await expect(catalogue.firstListingPage("parts", "for-sale")).rejects.toThrow("Cannot build /for-sale/parts: GET /api/collection/parts/for-sale?page=1&limit=2 failed after 3 attempts: 502: ");
    await expect(catalogue.allItems("parts", "for-sale")).rejects.toThrow("Cannot build /for-sale/parts: GET /api/collection/parts/for-sale?page=1&limit=100 failed after 3 attempts");
  });
});
