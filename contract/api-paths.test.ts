import { describe, expect, it } from "vitest";
import { ADMIN_CACHE_PREFIX, ADMIN_PATHS, ADMIN_PREFIX, hideWebhookSecret, notionWebhookPath, pathUnder } from "./api-paths";

describe("webhook endpoint paths", () => {
  it("puts the secret as the last path segment", () => {
    expect(notionWebhookPath("Ab_9-x")).toBe("/api/notion/webhook/Ab_9-x");
  });

  it("hides the secret of any webhook address in a log line, and nothing else", () => {
    const secret = "q8Zr_0-KXk3pYl2wVb7NcQfT1uHs5dGaEoJm4iRyLnA";
    expect(hideWebhookSecret(`[wrangler:info] POST /api/notion/webhook/${secret} 200 OK (12ms)`)).toBe(
      "[wrangler:info] POST /api/notion/webhook/<secret> 200 OK (12ms)",
    );
    expect(hideWebhookSecret(`reach http://127.0.0.1:8787/api/notion/webhook/${secret}?x=1 and "/api/notion/webhook/${secret}"`)).toBe(
      'reach http://127.0.0.1:8787/api/notion/webhook/<secret>?x=1 and "/api/notion/webhook/<secret>"',
    );
    expect(hideWebhookSecret("POST /api/notion/webhook 404; GET /api/admin/notion-webhook 200")).toBe(
      "POST /api/notion/webhook 404; GET /api/admin/notion-webhook 200",
    );
  });
});

describe("paths under a prefix", () => {
  it("gives a path as the sub-app mounted at its prefix routes it", () => {
    expect(pathUnder(ADMIN_CACHE_PREFIX, ADMIN_PATHS.cacheStats)).toBe("/stats");
    expect(pathUnder(ADMIN_PREFIX, ADMIN_PATHS.confirmRemoval)).toBe("/notion-removals/confirm");
  });

  it("refuses a path outside the prefix, the prefix itself, and a path that only starts with its letters", () => {
    expect(() => pathUnder(ADMIN_CACHE_PREFIX, ADMIN_PATHS.syncAll)).toThrow(
      "/api/admin/notion-sync-all does not lie under /api/admin/cache",
    );
    expect(() => pathUnder(ADMIN_CACHE_PREFIX, ADMIN_CACHE_PREFIX)).toThrow();
    expect(() => pathUnder("/api/admin/cache", "/api/admin/caches/x")).toThrow();
  });
});
