import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { withRun } from "./sync-runs";

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

describe("withRun", () => {
  it("records the run as started while its work runs, then the outcome the work returned, and hands back its value", async () => {
    let during: Row[] = [];
    const value = await withRun(env.DB, { kind: "table", target: "notion_jukeboxes", trigger: "cron" }, async () => {
      during = await rows();
      const counts = { added: 2, changed: 0, removed: 0, filesCopied: 0, unsupported: [] };
      return { outcome: { ok: true, message: "Synced 2 rows into notion_jukeboxes", counts }, value: { rows: 2 } };
    });
    expect(value).toEqual({ rows: 2 });
    expect(during).toEqual([
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

  it("records an outcome that is not ok with its error, without throwing", async () => {
    const value = await withRun(env.DB, { kind: "full", target: null }, async () => ({
      outcome: { ok: false, message: "Synced 1 of 2 tables", error: "notion_posts: gone" },
      value: "partial",
    }));
    expect(value).toBe("partial");
    expect(await rows()).toMatchObject([
      { kind: "full", started_by: "manual", ok: 0, message: "Synced 1 of 2 tables", error: "notion_posts: gone" },
    ]);
  });

  it("records a failed run with the thrown error's message after the prefix, and rethrows the error itself", async () => {
    const thrown = new Error("Notion answered 502");
    const run = withRun(env.DB, { kind: "page", target: "webhook", trigger: "webhook", failurePrefix: "Webhook: " }, async () => {
      throw thrown;
    });
    await expect(run).rejects.toBe(thrown);
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
