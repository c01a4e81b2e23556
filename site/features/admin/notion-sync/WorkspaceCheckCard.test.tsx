import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { $notionCheck } from "./workspace-check-store";
import WorkspaceCheckCard from "./WorkspaceCheckCard";

/** The rendered card as text, tags dropped, with the given store state. */
function cardText(state: Parameters<typeof $notionCheck.set>[0]): string {
  $notionCheck.set(state);
  return renderToString(<WorkspaceCheckCard />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

const checkedAt = "2026-01-01T04:00:00Z";

afterEach(() => $notionCheck.set({ check: null, error: null, checking: false }));

describe("workspace check card", () => {
  it("says all is in order when the check found nothing", () => {
    const databases = [
      { title: "Slot Machines", foundBy: "page" as const, databaseId: "d1" },
      { title: "Posts", foundBy: "search" as const, databaseId: "d2" },
    ];
    const check = { ok: true, findings: [], recommendations: [], databases, parentPageId: "1a2b", checkedAt };
    const text = cardText({ check, error: null, checking: false });
    expect(text).toContain("Workspace check Every database and property the site reads is in Notion, shared with the integration.");
    expect(text).toContain("Check again");
    expect(text).toContain("Checked ");
    expect(text).not.toContain("Fix:");
    expect(text).not.toContain("Recommended");
    expect(text).toContain(
      "How each database was found Slot Machines: found under the catalogue's page Posts: found by Notion's search, not under the catalogue's page",
    );
  });

  it("lists each problem under its database with its fix", () => {
    const text = cardText({
      check: {
        ok: false,
        checkedAt,
        parentPageId: null,
        databases: [{ title: "Posts", foundBy: null, databaseId: null }],
        recommendations: [],
        findings: [
          {
            database: "Slot Machines",
            property: "Denomination",
            problem: "property Denomination is a number, expected select or text",
            fix: "Change its type to Select (or Text) in Notion.",
          },
          {
            database: "Posts",
            problem: "no database with this title is shared with the integration",
            fix: "Run npm run notion:setup to create it.",
          },
        ],
      },
      error: null,
      checking: false,
    });
    expect(text).toContain("2 problems: until fixed, the site misses what they name.");
    expect(text).toContain(
      "Slot Machines : property Denomination is a number, expected select or text Fix: Change its type to Select (or Text) in Notion.",
    );
    expect(text).toContain(
      "Posts : no database with this title is shared with the integration Fix: Run npm run notion:setup to create it.",
    );
    expect(text).toContain("Posts: not found");
  });

  it("lists what it recommends (the site works without it) apart from the problems, the workspace still in order", () => {
    const recommendation = {
      database: "Slot Machines",
      property: "Published",
      problem: "property Published is missing, so every item is on the site as soon as it is synced, half-written or not",
      fix: "Add a Checkbox property named Published (npm run notion:setup adds it, keeping every row already there on the site).",
    };
    const text = cardText({
      check: { ok: true, findings: [], recommendations: [recommendation], databases: [], parentPageId: null, checkedAt },
      error: null,
      checking: false,
    });
    expect(text).toContain("Every database and property the site reads is in Notion, shared with the integration.");
    expect(text).toContain(
      "Recommended (the site works without them): Slot Machines : property Published is missing, so every item is on the site as soon as it is synced, half-written or not Add a Checkbox property named Published (npm run notion:setup adds it, keeping every row already there on the site).",
    );
  });

  it("shows that a check is under way, and why one could not be loaded", () => {
    expect(cardText({ check: null, error: null, checking: true })).toContain("Workspace check Checking the Notion workspace… Checking…");
    expect(cardText({ check: null, error: "502: Notion refused the token", checking: false })).toContain(
      "Unknown Check again Could not load the workspace check: 502: Notion refused the token",
    );
  });
});
