import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { NotionTable } from "#contract/admin-api";
import { $notionTables } from "./sync-store";
import TablesCard from "./TablesCard";
import { parts, slots } from "./test/sync-answers";

/** The rendered card as text, tags dropped, listing `tables`. */
function cardText(tables: NotionTable[]): string {
  $notionTables.set({ data: tables, loading: false });
  return renderToString(<TablesCard />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const hold = { live: 15, leaving: 8, unpublished: 5, gone: 3, heldAt: "2026-01-01T04:00:00.000Z", confirmedAt: null };

afterEach(() => $notionTables.set({ data: null, loading: false }));

describe("tables card", () => {
  it("lists each table's records, drafts and held pages", () => {
    const text = cardText([{ ...slots, recordCount: 14, drafts: 2, held: 1 }, parts]);
    expect(text).toContain("Records Drafts");
    expect(text).toContain("Slot Machines notion_slot_machines db-slots 14 2 1 held Sync Data");
    expect(text).toContain("Machine Parts notion_machine_parts db-parts 0 0 Sync Data");
    expect(text).not.toContain("would leave the site");
  });

  it("says under a table what a held removal would take off, why, and offers to take them off; once confirmed, that the next sync will", () => {
    const text = cardText([{ ...slots, removalHold: hold }]);
    expect(text).toContain("8 of 15 items would leave the site at once (5 unpublished, 3 deleted or moved away in Notion), so the sync of");
    expect(text).toContain("If you meant it, take them off. If not, tick Published again (or restore the pages) in Notion");
    expect(text).toContain("Take them off the site…");
    const confirmed = cardText([{ ...slots, removalHold: { ...hold, confirmedAt: "2026-01-01T05:00:00.000Z" } }]);
    expect(confirmed).toContain("Confirmed: the next sync of Slot Machines takes them off the site.");
    expect(confirmed).not.toContain("Take them off the site…");
    expect(cardText([{ ...parts, databaseTitle: "Posts", removalHold: { ...hold, gone: 0, unpublished: 8 } }])).toContain(
      "8 of 15 posts would leave the site at once (8 unpublished), so the sync of",
    );
  });
});
