import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { guardCatalogueShrink, sharpShrinks } from "./shrink-guard";

const FULL = { items: 59, categories: { slots: 15, parts: 6, arcades: 7, "trade-stimulators": 5, vending: 6, advertising: 5, toys: 15 } };

describe("sharpShrinks", () => {
  it("names a category that fell to 0 or lost more than half, and the whole catalogue when it did", () => {
    expect(sharpShrinks(FULL, { items: 44, categories: { ...FULL.categories, slots: 0 } })).toEqual(["slots: 15 -> 0 items"]);
    expect(sharpShrinks(FULL, { items: 41, categories: { ...FULL.categories, toys: 1, parts: 2 } })).toEqual([
      "parts: 6 -> 2 items",
      "toys: 15 -> 1 items",
    ]);
    expect(sharpShrinks(FULL, { items: 0, categories: {} })).toEqual([
      "slots: 15 -> 0 items",
      "parts: 6 -> 0 items",
      "arcades: 7 -> 0 items",
      "trade-stimulators: 5 -> 0 items",
      "vending: 6 -> 0 items",
      "advertising: 5 -> 0 items",
      "toys: 15 -> 0 items",
      "whole catalogue: 59 -> 0 items",
    ]);
  });

  it("lets through losing half or less, growth, a category the live site did not have, and an empty live catalogue", () => {
    expect(sharpShrinks(FULL, { items: 52, categories: { ...FULL.categories, parts: 3, arcades: 4 } })).toEqual([]);
    expect(sharpShrinks(FULL, { items: 70, categories: { ...FULL.categories, toys: 26, clocks: 1 } })).toEqual([]);
    expect(sharpShrinks({ items: 0, categories: { slots: 0 } }, { items: 0, categories: { slots: 0 } })).toEqual([]);
  });

  it("leaves the categories the operator confirmed out of the categories and of the whole catalogue", () => {
    const next = { items: 29, categories: { ...FULL.categories, slots: 0, toys: 0 } };
    expect(sharpShrinks(FULL, next)).toEqual(["slots: 15 -> 0 items", "toys: 15 -> 0 items", "whole catalogue: 59 -> 29 items"]);
    expect(sharpShrinks(FULL, next, new Set(["slots", "toys"]))).toEqual([]);
    expect(sharpShrinks(FULL, { ...next, categories: { ...next.categories, parts: 1 }, items: 24 }, new Set(["slots", "toys"]))).toEqual([
      "parts: 6 -> 1 items",
    ]);
  });

  it("compares the totals only when the live build predates per-category counts", () => {
    expect(sharpShrinks({ items: 59 }, { items: 44, categories: { ...FULL.categories, slots: 0 } })).toEqual([]);
    expect(sharpShrinks({ items: 59 }, { items: 29, categories: FULL.categories })).toEqual(["whole catalogue: 59 -> 29 items"]);
  });
});

describe("guardCatalogueShrink after a build", () => {
  let server: Server;
  let liveUrl: string;
  let live: { status: number; body: unknown };
  let outDir: string;
  let lines: string[];

  beforeEach(async () => {
    live = { status: 200, body: { builtAt: "2026-01-01T04:00:00.000Z", ...FULL } };
    server = createServer((req, res) => {
      if (!req.url?.startsWith("/build-info.json")) return res.writeHead(404).end();
      res.writeHead(live.status, { "content-type": "application/json" }).end(JSON.stringify(live.body));
    });
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    const address = server.address();
    liveUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    outDir = mkdtempSync(join(tmpdir(), "shrink-guard-"));
    lines = [];
    confirmed = [];
  });
  afterEach(async () => {
    await new Promise((done) => server.close(done));
    rmSync(outDir, { recursive: true, force: true });
  });

  const built = (counts: object) =>
    writeFileSync(join(outDir, "build-info.json"), JSON.stringify({ builtAt: "2026-01-02T04:00:00.000Z", ...counts }));
  let confirmed: { category: string; appliedAt: string }[] = [];
  const guard = (allow = false) =>
    guardCatalogueShrink({
      outDir: pathToFileURL(`${outDir}/`),
      liveUrl,
      allow,
      log: (line) => lines.push(line),
      confirmed: async () => confirmed,
    });

  it("refuses a build whose category went from N items to 0, saying why and how to publish anyway", async () => {
    built({ items: 44, categories: { ...FULL.categories, slots: 0 } });
    await expect(guard()).rejects.toThrow(
      `Refusing to publish: this build's catalogue shrank sharply against the live site ${liveUrl} (slots: 15 -> 0 items). ` +
        "A sync that failed part-way, or a Notion database no longer shared, does this: check the Notion Sync tab in /admin and sync again. " +
        "If the shrink is intended, build again with ALLOW_CATALOGUE_SHRINK=1.",
    );
  });

  it("refuses a first-run build (nothing published, no item) in place of a live catalogue: a worker that lost its data is no new site", async () => {
    const zero = Object.fromEntries(Object.keys(FULL.categories).map((category) => [category, 0]));
    built({ items: 0, categories: zero, nothingPublished: true });
    await expect(guard()).rejects.toThrow(
      /^Refusing to publish: this build's catalogue shrank sharply against the live site .*whole catalogue: 59 -> 0 items\)/,
    );
  });

  it("publishes the same shrink when the operator allows it, and says so", async () => {
    built({ items: 44, categories: { ...FULL.categories, slots: 0 } });
    await guard(true);
    expect(lines).toEqual([
      "catalogue shrank sharply against the live site (slots: 15 -> 0 items); publishing anyway, as ALLOW_CATALOGUE_SHRINK=1 allows",
    ]);
  });

  it("publishes a category's shrink the operator confirmed in the admin panel since the live build, and no other", async () => {
    built({ items: 38, categories: { ...FULL.categories, slots: 0, toys: 9 } });
    confirmed = [
      { category: "slots", appliedAt: "2026-01-01T05:00:00.000Z" },
      { category: "parts", appliedAt: "2025-12-31T05:00:00.000Z" },
    ];
    await guard();
    expect(lines).toEqual([
      "catalogue shrink check: slots went from 15 to 0 items, as the operator confirmed in the admin panel",
      "catalogue shrink check passed: 38 items (live site: 59)",
    ]);
    // A removal confirmed before the live build was published already: it allows nothing now.
    built({ items: 41, categories: { ...FULL.categories, parts: 2, toys: 1 } });
    await expect(guard()).rejects.toThrow("(parts: 6 -> 2 items; toys: 15 -> 1 items)");
  });

  it("refuses as before when the confirmed removals cannot be read, and says so", async () => {
    built({ items: 44, categories: { ...FULL.categories, slots: 0 } });
    const guarded = guardCatalogueShrink({
      outDir: pathToFileURL(`${outDir}/`),
      liveUrl,
      allow: false,
      log: (line) => lines.push(line),
      confirmed: () => Promise.reject(new Error("GET /api/build/confirmed-removals failed after 6 attempts")),
    });
    await expect(guarded).rejects.toThrow("(slots: 15 -> 0 items)");
    expect(lines).toEqual([
      "catalogue shrink check: the confirmed removals could not be read (GET /api/build/confirmed-removals failed after 6 attempts)",
    ]);
  });

  it("passes a build that kept its catalogue", async () => {
    built(FULL);
    await guard();
    expect(lines).toEqual(["catalogue shrink check passed: 59 items (live site: 59)"]);
  });

  it("skips the check, saying why, when there is no live build to compare with", async () => {
    built({ items: 0, categories: {} });
    live = { status: 404, body: { error: "Not found" } };
    await guard();
    live = { status: 200, body: { builtAt: "2026-01-01T04:00:00.000Z" } };
    await guard();
    liveUrl = "http://127.0.0.1:1";
    await guard();
    expect(lines[0]).toMatch(/^catalogue shrink check skipped: http:\/\/127\.0\.0\.1:\d+\/build-info\.json answered 404$/);
    expect(lines[1]).toMatch(/^catalogue shrink check skipped: http:\/\/127\.0\.0\.1:\d+\/build-info\.json holds no item counts$/);
    expect(lines[2]).toMatch(/^catalogue shrink check skipped: http:\/\/127\.0\.0\.1:1\/build-info\.json could not be read \(/);
  });
});
