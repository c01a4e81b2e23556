import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncHistoryRun } from "#contract/sync-runs";
import { $syncRuns, $syncStatus, SYNC_HISTORY_PAGE } from "./sync-store";
import SyncHistoryCard from "./SyncHistoryCard";

const run = (patch: Partial<SyncHistoryRun>): SyncHistoryRun => ({
  id: 1,
  kind: "table",
  target: "notion_blog_posts",
  trigger: "manual",
  startedAt: "2026-01-01T04:00:00.000Z",
  finishedAt: "2026-01-01T04:00:09.000Z",
  ok: true,
  message: "Synced 3 rows into notion_blog_posts",
  error: null,
  pagesAdded: 1,
  pagesChanged: 2,
  pagesRemoved: 0,
  filesCopied: 4,
  unsupportedBlocks: [],
  unsupportedTotal: 0,
  skippedFiles: [],
  skippedTotal: 0,
  pagesRead: 3,
  pagesExpected: 3,
  rowsWritten: 3,
  steps: 5,
  maxStepSubrequests: 12,
  maxStepMs: 40,
  ...patch,
});

/** The rendered card as text, tags dropped (`older`: the worker keeps older runs than those listed). */
function cardText(runs: SyncHistoryRun[] | null, error: string | null = null, older = false): string {
  $syncRuns.set({ runs, error, older, shown: SYNC_HISTORY_PAGE, loadingOlder: false });
  return renderToString(<SyncHistoryCard />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

afterEach(() => {
  $syncRuns.set({ runs: null, error: null, older: false, shown: SYNC_HISTORY_PAGE, loadingOlder: false });
  $syncStatus.set({ status: null, build: null, error: null });
});

describe("sync history card", () => {
  it("shows each run's trigger, scope, outcome, pages, files copied and the blocks it could not show by type and page", () => {
    const text = cardText([
      run({
        id: 2,
        kind: "full",
        target: null,
        trigger: "cron",
        unsupportedBlocks: [{ pageId: "p-1", pageTitle: "Mills Castle", type: "embed", count: 2 }],
        unsupportedTotal: 3,
      }),
      run({ id: 1 }),
    ]);
    expect(text).toContain("All tables");
    expect(text).toContain(
      "Started by Nightly cron Outcome Succeeded Pages 1 added, 2 changed, 0 removed Files copied 4 Blocks not shown 3 blocks not shown embed × 2 in “Mills Castle” (p-1) and 1 more not listed Files not copied None",
    );
    expect(text).toContain("Table notion_blog_posts");
    expect(text).toContain(
      "Started by Admin panel Outcome Succeeded Pages 1 added, 2 changed, 0 removed Files copied 4 Blocks not shown None Files not copied None",
    );
  });

  it("lists each file a run could not copy by page, property and file, with why, and counts those not listed", () => {
    const text = cardText([
      run({
        skippedFiles: [
          {
            pageId: "p-2",
            pageTitle: "Mills Castle",
            property: "Main Image",
            file: "castle.jpg",
            reason: "Notion's file storage answered HTTP 404",
          },
          {
            pageId: "p-3",
            property: "Page body",
            file: "https://files.example/ws/f/inside.png",
            reason: "1000 bytes is over the 10-byte limit for copies into R2",
          },
        ],
        skippedTotal: 3,
      }),
    ]);
    expect(text).toContain(
      "Files not copied 3 files not copied castle.jpg in Main Image of “Mills Castle” (p-2): Notion's file storage answered HTTP 404 https://files.example/ws/f/inside.png in Page body of a page (p-3): 1000 bytes is over the 10-byte limit for copies into R2 and 1 more not listed",
    );
    expect(
      cardText([run({ skippedFiles: [{ pageId: "p-2", property: "Photos", file: "a.png", reason: "HTTP 404" }], skippedTotal: 1 })]),
    ).toContain("Files not copied 1 file not copied a.png in Photos");
  });

  it("shows the error of a failed run and a dash for the counts it has not", () => {
    const text = cardText([
      run({ ok: false, error: "Notion answered 502", pagesAdded: null, pagesChanged: null, pagesRemoved: null, filesCopied: null }),
    ]);
    expect(text).toContain("Outcome Failed Pages — Files copied — Blocks not shown None Files not copied None");
    expect(text).toContain("Error: Notion answered 502");
  });

  it("shows a full sync in progress and the table runs it started as running, an older unfinished run as interrupted", () => {
    const open = {
      startedAt: new Date().toISOString(),
      ok: null,
      finishedAt: null,
      pagesAdded: null,
      pagesChanged: null,
      pagesRemoved: null,
      filesCopied: null,
    };
    $syncStatus.set({ status: { lastSync: null, lastRebuild: null, syncing: true, runningRunId: 8 }, build: null, error: null });
    const outcomes = () =>
      [
        ...cardText([run({ id: 10, ...open }), run({ id: 9 }), run({ id: 8, kind: "full", ...open }), run({ id: 3, ...open })]).matchAll(
          /Outcome (\w+)/g,
        ),
      ].map((m) => m[1]);
    expect(outcomes()).toEqual(["Running", "Succeeded", "Running", "Interrupted"]);
    // An older worker names no run: the newest alone may be running.
    $syncStatus.set({ status: { lastSync: null, lastRebuild: null, syncing: true }, build: null, error: null });
    expect(outcomes()).toEqual(["Running", "Succeeded", "Interrupted", "Interrupted"]);
  });

  it("offers Show older only while the worker keeps older runs than those listed", () => {
    expect(cardText([run({ id: 2 }), run({ id: 1 })], null, true)).toContain("Show older");
    expect(cardText([run({ id: 2 }), run({ id: 1 })])).not.toContain("Show older");
  });

  it("says when no run is recorded and when the history could not load", () => {
    expect(cardText([])).toContain("No syncs recorded yet.");
    expect(cardText(null, "503: down")).toContain("Could not load the sync history: 503: down");
  });
});
