import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Enquiry } from "#contract/enquiries";
import { $enquiries, $selectedEnquiries } from "./enquiries-store";
import EnquiriesTab from "./EnquiriesTab";

const enquiry = (id: string, over: Partial<Enquiry> = {}): Enquiry => ({
  id,
  itemId: "0badf00d-0000-4000-8000-000000000000",
  category: "slots",
  itemTitle: "Mills Castle Front",
  name: `Collector ${id}`,
  email: "ada@example.com",
  phone: null,
  message: "Hello",
  createdAt: "2026-03-01T09:30:00.000Z",
  handled: false,
  emailed: false,
  flagged: false,
  ...over,
});

/** The tab rendered as text, tags dropped, showing `enquiries` of `status`. */
function tabText(status: "open" | "flagged", enquiries: Enquiry[], flaggedCount: number, selected: string[] = []): string {
  $enquiries.set({ status, page: 1, enquiries, totalPages: 1, flaggedCount, emailEnabled: true, error: null });
  $selectedEnquiries.set(selected);
  return renderToString(<EnquiriesTab />)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

afterEach(() => $selectedEnquiries.set([]));

describe("the Enquiries tab", () => {
  it("offers the flagged list with its count, and Delete selected counting the ticked enquiries", () => {
    const text = tabText("open", [enquiry("a"), enquiry("b")], 12, ["b"]);
    expect(text).toContain("Open Flagged (12) Handled All");
    expect(text).toContain("Select all on this page Delete selected (1)");
    expect(text).not.toContain("Delete all flagged");
  });

  it("on the flagged list, says what flagged means and offers Delete all flagged; a flagged card says it was not emailed", () => {
    const text = tabText("flagged", [enquiry("a", { flagged: true })], 3);
    expect(text).toContain("Flagged enquiries came in while more arrived than your hourly or daily limit (Settings tab)");
    expect(text).toContain("Delete all flagged (3)");
    expect(text).toContain("Flagged: came past your limits, not emailed");
  });
});
