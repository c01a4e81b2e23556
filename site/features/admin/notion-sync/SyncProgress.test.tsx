// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { syncRunReading } from "#contract/test/sync-run-reading";
import { $syncingAll, $syncingTable } from "./sync-store";
import { $syncProgress } from "./sync-follow";
import SyncProgress from "./SyncProgress";

const render = () => new DOMParser().parseFromString(renderToString(<SyncProgress />), "text/html");
const text = (doc: Document, id: string) => doc.querySelector(`[data-testid="${id}"]`)?.textContent;

afterEach(() => {
  $syncProgress.set(null);
  $syncingAll.set(false);
  $syncingTable.set(null);
});

describe("sync progress card", () => {
  it("shows nothing while no sync runs", () => {
    expect(renderToString(<SyncProgress />)).toBe("");
  });

  it("shows a running sync, whoever started it: a progress bar of pages read of those expected, counts, elapsed and time left", () => {
    $syncProgress.set(
      syncRunReading({
        id: 31,
        kind: "full",
        target: null,
        trigger: "cron",
        startedAt: "2026-01-01T04:00:00.000Z",
        readAt: "2026-01-01T04:00:20.000Z",
        pagesRead: 20,
        pagesExpected: 81,
        rowsWritten: 15,
        filesCopied: 4,
      }),
    );
    const doc = render();
    const bar = doc.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute("aria-labelledby")).toBe("sync-progress-heading");
    expect(doc.getElementById("sync-progress-heading")?.textContent).toBe("Sync in progress");
    expect([bar.getAttribute("aria-valuemin"), bar.getAttribute("aria-valuenow"), bar.getAttribute("aria-valuemax")]).toEqual([
      "0",
      "20",
      "81",
    ]);
    expect(bar.getAttribute("aria-valuetext")).toBe("20 of 81 pages read");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("24%");
    expect(text(doc, "sync-progress-title")).toBe("All tables, started by the nightly cron");
    expect(text(doc, "sync-progress-counts")).toBe("20 of 81 pages read, 15 rows written, 4 files copied");
    expect(text(doc, "sync-progress-time")).toBe("Elapsed 20 s · About 1 min 01 s left");
    expect(doc.querySelector('[data-testid="sync-progress"]')?.getAttribute("data-run")).toBe("31");
  });

  it("shows an indeterminate bar for a sync this tab is starting, and for one with nothing to expect", () => {
    $syncingAll.set(true);
    let doc = render();
    let bar = doc.querySelector('[role="progressbar"]')!;
    expect(bar.hasAttribute("aria-valuenow")).toBe(false);
    expect(bar.getAttribute("aria-valuetext")).toBe("Starting");
    expect(text(doc, "sync-progress-title")).toBe("All tables, started from the admin panel");
    $syncProgress.set(syncRunReading({ pagesRead: 100, pagesExpected: null, readAt: "2026-01-01T04:00:09.000Z" }));
    doc = render();
    bar = doc.querySelector('[role="progressbar"]')!;
    expect([bar.hasAttribute("aria-valuenow"), bar.hasAttribute("aria-valuemax")]).toEqual([false, false]);
    expect(text(doc, "sync-progress-counts")).toBe("100 pages read, 0 rows written, 0 files copied");
    expect(text(doc, "sync-progress-time")).toBe("Elapsed 9 s");
  });
});
