import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, type Listening } from "../../../scripts/lib/listen.ts";
import { testCatalogueItem } from "../../test/fixtures";

type Catalogue = typeof import("./catalogue");

const ITEM = { id: "a1", title: "Mills Bell", category: "slots" } as const;
let server: Listening;
const hits = new Map<string, number>();
/** The Authorization header each request sent, by path. */
const authorizations = new Map<string, (string | undefined)[]>();
let catalogue: Catalogue;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const path = req.url ?? "/";
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      authorizations.set(path, [...(authorizations.get(path) ?? []), req.headers.authorization]);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      const slice = (items: Parameters<typeof testCatalogueItem>[0][], next: string | null = null) =>
        json(200, { items: items.map(testCatalogueItem), next, imageSizes: {} });
      if (path === "/api/build/status") return json(200, { published: true });
      if (path === "/api/build/catalogue/slots") return slice([{ ...ITEM, id: "s1" }], "s1");
      if (path === "/api/build/catalogue/slots?after=s1")
        return n <= 2 ? json(503, { error: "busy" }, { "Retry-After": "0" }) : slice([{ ...ITEM, id: "s2", forSale: true }]);
      if (path === "/api/build/catalogue/arcades")
        return n === 1 ? void req.socket.destroy() : slice([{ ...ITEM, id: "a1", category: "arcades" }]);
      if (path === "/api/build/catalogue/vending")
        return n === 1 ? json(429, { error: "slow down" }, { "Retry-After": "1" }) : slice([{ ...ITEM, id: "v1", category: "vending" }]);
      if (path === "/api/build/catalogue/toys") return json(500, { error: "D1 is unavailable" }, { "Retry-After": "0" });
      if (path === "/api/build/catalogue/parts") return json(404, { error: "Unknown category: parts" });
      if (path === "/api/build/catalogue/advertising") return slice([{ ...ITEM, id: "x1", category: "arcades" }]);
      if (path.startsWith("/api/collection/parts/for-sale")) return json(502, { error: "bad gateway" }, { "Retry-After": "0" });
      json(404, { error: "Not found" });
    }),
  );
  vi.stubEnv("SITE_API_URL", server.url);
  vi.stubEnv("SITE_API_RETRIES", "2");
  vi.stubEnv("BUILD_TOKEN", "");
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // Imported afresh: the module keeps each category's catalogue once fetched (unit files share workers).
  vi.resetModules();
  catalogue = await import("./catalogue");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server.close();
});

describe("catalogue fetches at build time", () => {
  it("read a category in bulk, slice after slice, retrying transient failures (503 twice, a cut connection)", async () => {
    expect((await catalogue.categoryItems("slots")).map((item) => item.id)).toEqual(["s1", "s2"]);
    expect(hits.get("/api/build/catalogue/slots")).toBe(1);
    expect(hits.get("/api/build/catalogue/slots?after=s1")).toBe(3);
    expect((await catalogue.allItems("slots", "for-sale")).map((item) => item.id)).toEqual(["s2"]);
    expect((await catalogue.allItems("slots", "gallery")).map((item) => item.id)).toEqual(["s1", "s2"]);
    expect(hits.get("/api/build/catalogue/slots")).toBe(1);
    expect((await catalogue.categoryItems("arcades")).map((item) => item.id)).toEqual(["a1"]);
    expect(hits.get("/api/build/catalogue/arcades")).toBe(2);
  });

  it("wait what a 429's Retry-After asks for before trying again", async () => {
    const started = performance.now();
    expect((await catalogue.categoryItems("vending")).map((item) => item.id)).toEqual(["v1"]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits.get("/api/build/catalogue/vending")).toBe(2);
  });

  it("fail with the pages, the request, the number of attempts and the cause once the retries are spent", async () => {
    await expect(catalogue.categoryItems("toys")).rejects.toThrow(
      'Cannot build /gallery/toys/* and /for-sale/toys/*: GET /api/build/catalogue/toys failed after 3 attempts: 500: {"error":"D1 is unavailable"}',
    );
    expect(hits.get("/api/build/catalogue/toys")).toBe(3);
  });

  it("fail at once on an answer retrying cannot change (404, an item of another category)", async () => {
    await expect(catalogue.categoryItems("parts")).rejects.toThrow(
      'Cannot build /gallery/parts/* and /for-sale/parts/*: GET /api/build/catalogue/parts failed after 1 attempt: 404: {"error":"Unknown category: parts"}',
    );
    expect(hits.get("/api/build/catalogue/parts")).toBe(1);
    await expect(catalogue.categoryItems("advertising")).rejects.toThrow(
      "Cannot build /gallery/advertising/* and /for-sale/advertising/*: Category mismatch: expected 'advertising', got 'arcades'",
    );
  });

  it("read the catalogue with no credential: no request sends an Authorization header", async () => {
    await catalogue.categoryItems("slots");
    await catalogue.firstListingPage("parts", "for-sale").catch(() => undefined);
    expect([...authorizations.keys()].filter((path) => path.startsWith("/api/build/")).length).toBeGreaterThanOrEqual(2);
    for (const [path, headers] of authorizations) expect([path, new Set(headers)]).toEqual([path, new Set([undefined])]);
  });

  it("send a build token only on /api/build/* and only when the build has one (a live worker deployed before still asks for it)", async () => {
    const { buildHeaders } = await import("./api");
    expect(buildHeaders("/api/build/catalogue/slots", "")).toEqual({});
    expect(buildHeaders("/api/build/catalogue/slots", "t0k")).toEqual({ Authorization: "Bearer t0k" });
    expect(buildHeaders("/api/collection/slots", "t0k")).toEqual({});
  });

  it("fail a listing page that keeps failing, naming its page", async () => {
    await expect(catalogue.firstListingPage("parts", "for-sale")).rejects.toThrow(
      "Cannot build /for-sale/parts: GET /api/collection/parts/for-sale?page=1&limit=2 failed after 3 attempts: 502: ",
    );
  });
});
