import { describe, expect, it } from "vitest";
import { describeEvent, workerLogLine } from "./worker-log.ts";

describe("the worker's log lines under npm start", () => {
  it("shows a JSON event as one readable line: event, table, message or error, then run, time, steps and subrequests", () => {
    const runEnd = {
      event: "run_end",
      runId: 4,
      kind: "table",
      table: "notion_slots",
      ok: true,
      ms: 2140,
      steps: 12,
      subrequests: 47,
      message: "Synced 15 rows into notion_slots",
    };
    expect(workerLogLine(JSON.stringify(runEnd))).toBe(
      "  [worker] run_end table notion_slots: Synced 15 rows into notion_slots (run 4, 2.1 s, 12 steps, at most 47 subrequests a step)",
    );
    expect(describeEvent({ event: "unexpected_error", method: "GET", path: "/api/x", error: "kaput" })).toBe("unexpected_error: kaput");
    expect(describeEvent({ event: "webhook_batch_failed", message: "trying again", error: "Notion answered 502" })).toBe(
      "webhook_batch_failed: trying again: Notion answered 502",
    );
  });

  it("finds the event after wrangler's prefix and leaves each workflow step's line out", () => {
    expect(workerLogLine('[wrangler:info] {"event":"cron","runId":9,"message":"nightly full sync started"}')).toBe(
      "  [worker] cron: nightly full sync started (run 9)",
    );
    expect(workerLogLine('{"event":"sync_step","runId":3,"step":"notion_slots: read 0","ms":80,"subrequests":4}')).toBeNull();
    expect(
      workerLogLine('{"event":"sync_table","runId":3,"table":"notion_slots","message":"Synced 15 rows into notion_slots"}'),
    ).toBeNull();
  });

  it("shows where wrangler dev wrote a sent email's text, and none of the message's other lines", () => {
    const path = "/repo/.wrangler/tmp/email/miniflare-1/email-text/abc@example.com.txt";
    expect(workerLogLine(`Text: ${path}`)).toBe(`  [worker] Email: ${path}`);
    expect(workerLogLine("Subject: Enquiry about Mills from Ada")).toBeNull();
    expect(workerLogLine("Text: hello")).toBeNull();
  });

  it("shows other lines only when they name an error, never the offline cf look-up", () => {
    expect(workerLogLine("✘ [ERROR] Build failed")).toBe("  [worker] ✘ [ERROR] Build failed");
    expect(workerLogLine("[wrangler:info] GET /api/health 200 OK (3ms)")).toBeNull();
    expect(workerLogLine("Error fetching https://workers.cloudflare.com/cf.json")).toBeNull();
    expect(workerLogLine('{"event": broken')).toBeNull();
  });
});
