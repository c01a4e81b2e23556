import { describe, expect, it } from "vitest";
import { syncProgressText } from "./sync-progress-text";

describe("table sync progress", () => {
  it("says what a running run has read, written and copied, or that it is starting", () => {
    expect(syncProgressText("notion_posts", null)).toBe("Syncing notion_posts: starting…");
    expect(syncProgressText("notion_posts", { pagesRead: 100, rowsWritten: 40, filesCopied: null })).toBe(
      "Syncing notion_posts: 100 pages read, 40 rows written, 0 files copied",
    );
  });
});
