import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { finishRun, startRun } from "./sync-runs";

type Row = {
  kind: string;
  target: string | null;
  started_by: string;
  finished_at: string | null;
  ok: number | null;
  message: string | null;
  error: string | null;
  pages_added: number | null;
};

const rows = async () =>
  (
    await env.DB.prepare(
      "SELECT kind, target, started_by, finished_at, ok, message, error, pages_added FROM sync_runs ORDER BY id",
    ).all<Row>()
  ).results;

beforeEach(async () => {
  await env.DB.exec("DELETE FROM sync_runs");
});

describe("startRun and finishRun", () => {
  it("record the run as started until it ends, then the outcome with its counts", async () => {
    const id = await startRun(env.DB, "table", "notion_jukeboxes", "cron");
    expect(await rows()).toEqual([
      {
        kind: "table",
        target: "notion_jukeboxes",
        started_by: "cron",
        finished_at: null,
        ok: null,
        message: null,
        error: null,
        pages_added: null,
      },
    ]);
    const counts = { added: 2, changed: 0, removed: 0, filesCopied: 0, unsupported: [] };
    await finishRun(env.DB, id, { ok: true, message: "Synced 2 rows into notion_jukeboxes", counts });
    expect(await rows()).toEqual([
      {
        kind: "table",
        target: "notion_jukeboxes",
        started_by: "cron",
        finished_at: expect.any(String),
        ok: 1,
        message: "Synced 2 rows into notion_jukeboxes",
        error: null,
        pages_added: 2,
      },
    ]);
  });

  it("record an outcome that is not ok with its error", async () => {
    const id = await startRun(env.DB, "full", null);
    await finishRun(env.DB, id, { ok: false, message: "Synced 1 of 2 tables", error: "notion_posts: gone" });
    expect(await rows()).toMatchObject([
      { kind: "full", started_by: "manual", ok: 0, message: "Synced 1 of 2 tables", error: "notion_posts: gone" },
    ]);
  });

  it("record a failed run given only a message with that message as its error", async () => {
    const id = await startRun(env.DB, "page", "webhook", "webhook");
    await finishRun(env.DB, id, { ok: false, message: "Webhook: Notion answered 502" });
    expect(await rows()).toMatchObject([
      {
        kind: "page",
        target: "webhook",
        started_by: "webhook",
        ok: 0,
        message: "Webhook: Notion answered 502",
        error: "Webhook: Notion answered 502",
      },
    ]);
  });
});
