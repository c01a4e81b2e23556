import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EnquiriesPage, Enquiry } from "#contract/enquiries";
import { $adminSession } from "../shared/session-store";
import {
  $enquiries,
  $openEnquiries,
  $selectedEnquiries,
  deleteAllFlagged,
  deleteSelected,
  handleEnquiry,
  refreshEnquiries,
  selectAllShown,
  toggleSelected,
} from "./enquiries-store";
import { $toasts } from "../../shell/toasts";
import { fakeAdminApi } from "../shared/test/fake-api";

const enquiry = (id: string, handled = false): Enquiry => ({
  id,
  itemId: "0badf00d-0000-4000-8000-000000000000",
  category: "slots",
  itemTitle: "Mills Castle Front 5¢",
  name: "Ada",
  email: "ada@example.com",
  phone: null,
  message: "Hello",
  createdAt: "2026-03-01T09:30:00.000Z",
  handled,
  emailed: true,
  flagged: false,
});
const page = (enquiries: Enquiry[], totalPages: number, openCount: number, at = 1): EnquiriesPage => ({
  enquiries,
  pagination: { page: at, totalPages, totalItems: enquiries.length },
  openCount,
  flaggedCount: 3,
  emailEnabled: true,
});

beforeEach(() => {
  $enquiries.set({ status: "open", page: 1, enquiries: null, totalPages: 0, flaggedCount: 0, emailEnabled: null, error: null });
  $selectedEnquiries.set([]);
  $openEnquiries.set(null);
  $adminSession.set({ status: "signed-in", expiresAt: "x", notice: null });
});
afterEach(() => vi.unstubAllGlobals());

describe("the Enquiries tab's store", () => {
  it("reads the chosen list and page, and the open count", async () => {
    const { calls } = fakeAdminApi({
      "GET /api/admin/enquiries?status=all&page=2": () => Response.json(page([enquiry("b", true)], 2, 4, 2)),
    });
    await refreshEnquiries({ status: "all", page: 2 });
    expect(calls[0]!.init).toMatchObject({ credentials: "include", cache: "no-store" });
    expect($enquiries.get()).toMatchObject({ status: "all", page: 2, totalPages: 2, flaggedCount: 3, emailEnabled: true, error: null });
    expect($enquiries.get().enquiries?.map((e) => e.id)).toEqual(["b"]);
    expect($openEnquiries.get()).toBe(4);
  });

  it("marks an enquiry handled, then shows the last page when the page it was on is gone", async () => {
    $enquiries.set({ ...$enquiries.get(), page: 2, enquiries: [enquiry("z")], totalPages: 2 });
    const { calls } = fakeAdminApi({
      "POST /api/admin/enquiries/z/handled": () => Response.json({ success: true, message: "Enquiry marked handled" }),
      "GET /api/admin/enquiries?status=open&page=2": () => Response.json(page([], 1, 20, 2)),
      "GET /api/admin/enquiries?status=open&page=1": () => Response.json(page([enquiry("a")], 1, 20)),
    });
    await handleEnquiry("z");
    expect(calls.map((c) => c.key)).toEqual([
      "POST /api/admin/enquiries/z/handled",
      "GET /api/admin/enquiries?status=open&page=2",
      "GET /api/admin/enquiries?status=open&page=1",
    ]);
    expect($enquiries.get()).toMatchObject({ page: 1, enquiries: [{ id: "a" }] });
    expect($openEnquiries.get()).toBe(20);
  });

  it("deletes the ticked enquiries of the page, says how many, and reads the list again", async () => {
    $enquiries.set({ ...$enquiries.get(), enquiries: [enquiry("a"), enquiry("b"), enquiry("c")], totalPages: 1 });
    toggleSelected("a", true);
    toggleSelected("c", true);
    toggleSelected("a", false);
    selectAllShown(true);
    toggleSelected("b", false);
    expect($selectedEnquiries.get()).toEqual(["a", "c"]);
    const { calls } = fakeAdminApi({
      "POST /api/admin/enquiries/delete": () => Response.json({ success: true, message: "2 enquiries deleted", deleted: 2 }),
      "GET /api/admin/enquiries?status=open&page=1": () => Response.json(page([enquiry("b")], 1, 1)),
    });
    await deleteSelected();
    expect(calls.map((c) => [c.key, c.init?.body])).toEqual([
      ["POST /api/admin/enquiries/delete", JSON.stringify({ ids: ["a", "c"] })],
      ["GET /api/admin/enquiries?status=open&page=1", undefined],
    ]);
    expect($selectedEnquiries.get()).toEqual([]);
    expect($enquiries.get().enquiries?.map((e) => e.id)).toEqual(["b"]);
    expect($toasts.get()[0]).toMatchObject({ title: "Enquiries deleted", description: "2 enquiries deleted", variant: "default" });
  });

  it("deletes every flagged enquiry, and keeps only ticks on enquiries still shown after a reload", async () => {
    $enquiries.set({ ...$enquiries.get(), status: "flagged", enquiries: [enquiry("x"), enquiry("y")] });
    selectAllShown(true);
    const { calls } = fakeAdminApi({
      "POST /api/admin/enquiries/delete": () => Response.json({ success: true, message: "1 enquiry deleted", deleted: 1 }),
      "GET /api/admin/enquiries?status=flagged&page=1": () => Response.json(page([], 0, 0)),
    });
    await deleteAllFlagged();
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ flagged: true }));
    expect($enquiries.get().enquiries).toEqual([]);
    $selectedEnquiries.set(["gone", "kept"]);
    fakeAdminApi({ "GET /api/admin/enquiries?status=flagged&page=1": () => Response.json(page([enquiry("kept")], 1, 0)) });
    await refreshEnquiries();
    expect($selectedEnquiries.get()).toEqual(["kept"]);
  });

  it("keeps what it shows and says why when the list cannot load, and signs out on a 401", async () => {
    $enquiries.set({ ...$enquiries.get(), enquiries: [enquiry("a")] });
    fakeAdminApi({
      "GET /api/admin/enquiries?status=open&page=1": () =>
        Response.json({ error: "D1 down" }, { status: 503, statusText: "Service Unavailable" }),
    });
    await refreshEnquiries();
    expect($enquiries.get()).toMatchObject({ enquiries: [{ id: "a" }], error: '503: {"error":"D1 down"}' });
    fakeAdminApi({ "GET /api/admin/enquiries?status=open&page=1": () => Response.json({ error: "Sign in" }, { status: 401 }) });
    await refreshEnquiries();
    expect($adminSession.get().status).toBe("signed-out");
  });
});
