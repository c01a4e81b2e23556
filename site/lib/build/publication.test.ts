import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, type Listening } from "../../../scripts/lib/listen.ts";

/** What the local worker answers to `/api/build/status` and `/api/health`, set by each test. */
let status: { code: number; body: unknown };
let health: { code: number; body: unknown } = { code: 200, body: { ok: true, instance: "i-1" } };
const requests: string[] = [];
let server: Listening;

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      requests.push(req.url ?? "/");
      const body =
        req.url === "/api/build/status" ? status : req.url === "/api/health" ? health : { code: 404, body: { error: "Not found" } };
      res.writeHead(body.code, { "content-type": "application/json", "Retry-After": "0" }).end(JSON.stringify(body.body));
    }),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
  requests.length = 0;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/** The build's catalogue modules, imported afresh with this environment (they read it once and keep what they fetched). */
async function build(env: Record<string, string>) {
  vi.stubEnv("SITE_API_URL", server.url);
  vi.stubEnv("SITE_API_RETRIES", "1");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return {
    publication: await import("./publication"),
    catalogue: await import("./catalogue"),
    preflight: await import("./preflight"),
    shell: await import("./shell"),
  };
}

describe("the first build of a new site", () => {
  it("builds an empty catalogue with the first-run note when the worker says nothing was ever published", async () => {
    status = { code: 200, body: { published: false } };
    const m = await build({});
    expect(await m.publication.catalogueState()).toBe("never-published");
    expect(await m.catalogue.categoryItems("slots")).toEqual([]);
    const listing = await m.catalogue.firstListingPage("slots", "for-sale");
    expect(listing).toMatchObject({ items: [], totalPages: 0, totalItems: 0 });
    expect((await m.shell.loadShell()).firstRun).toBe(true);
    expect(await m.preflight.describeCatalogue()).toBe(
      "Catalogue: nothing published yet, building the first-run site (empty catalogue, first-run note); the rebuild after the first sync fills it",
    );
    // Asked once; no catalogue or listing request is made for a catalogue never published.
    expect(requests.filter((path) => path === "/api/build/status")).toHaveLength(1);
    expect(requests.filter((path) => path.startsWith("/api/build/catalogue") || path.startsWith("/api/collection"))).toEqual([]);
  });

  it("asks nothing at all when the worker was never deployed (SITE_NOTHING_PUBLISHED=1)", async () => {
    const m = await build({ SITE_NOTHING_PUBLISHED: "1", SITE_API_URL: "http://127.0.0.1:9" });
    await expect(m.preflight.assertApiReachable()).resolves.toBeUndefined();
    expect(await m.publication.catalogueState()).toBe("never-published");
    expect(await m.catalogue.allItems("arcades", "gallery")).toEqual([]);
    const shell = await m.shell.loadShell();
    expect(shell).toMatchObject({ firstRun: true, titleText: "Coin-Op Antiques", phone: "(555) 555-0123" });
    expect(requests).toEqual([]);
  });

  it("builds the catalogue as published when the worker says so, without the note", async () => {
    status = { code: 200, body: { published: true } };
    const m = await build({});
    expect(await m.publication.catalogueState()).toBe("published");
    expect((await m.shell.loadShell()).firstRun).toBe(false);
  });

  it("takes a live worker of ours older than the signal (404 on /api/build/status, its health as ours) as published", async () => {
    status = { code: 404, body: { error: "Not found" } };
    const m = await build({});
    expect(await m.publication.catalogueState()).toBe("published");
  });

  it("takes an address where no worker of ours answers (404 on status and health) as nothing ever published", async () => {
    status = { code: 404, body: { error: "Not found" } };
    health = { code: 404, body: "There is nothing here yet" };
    try {
      const m = await build({});
      expect(await m.publication.catalogueState()).toBe("never-published");
    } finally {
      health = { code: 200, body: { ok: true, instance: "i-1" } };
    }
  });

  it("fails the build when the worker is down: an outage is never taken for a first run", async () => {
    status = { code: 503, body: { error: "D1 is unavailable" } };
    const m = await build({});
    await expect(m.publication.catalogueState()).rejects.toThrow(
      'Cannot tell whether the catalogue was ever published: GET /api/build/status failed after 2 attempts: 503: {"error":"D1 is unavailable"}',
    );
    await expect(m.catalogue.categoryItems("slots")).rejects.toThrow("Cannot build /gallery/slots/* and /for-sale/slots/*");
    await expect(m.preflight.describeCatalogue()).rejects.toThrow("Cannot tell whether the catalogue was ever published");
  });
});
