import { describe, expect, it } from "vitest";
import { pagesText, scopeText, triggerText, unlistedBlocks, unlistedFiles } from "./sync-history";

describe("sync history texts", () => {
  it("names what started a run", () => {
    expect(["manual", "cron", "webhook", "launcher"].map((t) => triggerText(t as never))).toEqual([
      "Admin panel",
      "Nightly cron",
      "Notion webhook",
      "Launcher",
    ]);
  });

  it("names a run's scope", () => {
    expect(scopeText({ kind: "full", target: null })).toBe("All tables");
    expect(scopeText({ kind: "schema", target: null })).toBe("Schemas of all tables");
    expect(scopeText({ kind: "table", target: "notion_slot_machines" })).toBe("Table notion_slot_machines");
    expect(scopeText({ kind: "page", target: "notion_blog_posts" })).toBe("Page in notion_blog_posts");
  });

  it("gives pages added, changed and removed, or a dash for a run without data", () => {
    expect(pagesText({ pagesAdded: 1, pagesChanged: 0, pagesRemoved: 2 })).toBe("1 added, 0 changed, 2 removed");
    expect(pagesText({ pagesAdded: null, pagesChanged: null, pagesRemoved: null })).toBe("—");
  });

  it("counts the unsupported blocks a run could not list", () => {
    expect(unlistedBlocks({ unsupportedBlocks: [{ pageId: "a", type: "embed", count: 2 }], unsupportedTotal: 5 })).toBe(3);
    expect(unlistedBlocks({ unsupportedBlocks: [], unsupportedTotal: 0 })).toBe(0);
  });

  it("counts the files not copied that a run could not list", () => {
    expect(unlistedFiles({ skippedFiles: [{ pageId: "a", property: "Photos", file: "a.png", reason: "HTTP 404" }], skippedTotal: 4 })).toBe(
      3,
    );
    expect(unlistedFiles({ skippedFiles: [], skippedTotal: 0 })).toBe(0);
  });
});
