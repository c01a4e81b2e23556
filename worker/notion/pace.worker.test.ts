import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { notionRun } from "./client";

describe("a sync run's Notion client", () => {
  it("keeps Notion's 3 requests a second (after a burst of 2) unless NOTION_REQUESTS_PER_SECOND says otherwise", async () => {
    const run = notionRun({ ...env, NOTION_REQUESTS_PER_SECOND: "" });
    const started = Date.now();
    for (let i = 0; i < 8; i++) await run.notion.search({ page_size: 1 });
    // 8 requests: 2 from the burst, then 6 at 3 a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(run.stats.requests).toBe(8);
  });

  it("paces at the rate NOTION_REQUESTS_PER_SECOND sets", async () => {
    const run = notionRun({ ...env, NOTION_REQUESTS_PER_SECOND: "20" });
    const started = Date.now();
    for (let i = 0; i < 8; i++) await run.notion.search({ page_size: 1 });
    expect(Date.now() - started).toBeLessThan(1900);
  });
});
