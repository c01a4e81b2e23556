import { afterEach, describe, expect, it, vi } from "vitest";
import { logEvent, logRecord } from "./log";

afterEach(() => vi.restoreAllMocks());

describe("logEvent", () => {
  it("writes one JSON object per event: the event first, then its fields, undefined ones left out", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    logEvent("sync_step", { runId: 12, table: "notion_slots", ms: 840, subrequests: 47, step: undefined });
    expect(log.mock.calls).toEqual([['{"event":"sync_step","runId":12,"table":"notion_slots","ms":840,"subrequests":47}']]);
  });

  it("reduces an error to its message (no stack, no cause) and logs the event as an error", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logEvent("unexpected_error", { method: "GET", path: "/api/x", error: new Error("boom", { cause: new Error("deeper") }) });
    expect(error.mock.calls).toEqual([['{"event":"unexpected_error","method":"GET","path":"/api/x","error":"boom"}']]);
    expect(logRecord("x", { error: "plain text" })).toEqual({ event: "x", error: "plain text" });
    expect(logRecord("x", { error: 429 })).toEqual({ event: "x", error: "429" });
  });

  it("goes to the level it is given", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    logEvent("file_skipped", { key: "notion/a.png", error: "too big" }, "warn");
    expect(warn).toHaveBeenCalledWith('{"event":"file_skipped","key":"notion/a.png","error":"too big"}');
  });
});
