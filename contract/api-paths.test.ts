import { describe, expect, it } from "vitest";
import { hideWebhookSecret, notionWebhookPath } from "./api-paths";

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
