import { atom } from "nanostores";
import type { Enquiry, EnquiryStatus } from "#contract/enquiries";
import { markEnquiryHandled, readEnquiries } from "./admin-api";
import { handleUnauthorized } from "./admin-store";
import { errorText, failureToast } from "./error-text";
import { toast } from "../shell/toasts";

/** The Enquiries tab: which list and page it shows, that page (null until loaded), the pages, and why it could not load. */
export type EnquiriesView = {
  status: EnquiryStatus;
  page: number;
  enquiries: Enquiry[] | null;
  totalPages: number;
  emailEnabled: boolean | null;
  error: string | null;
};

/** The Enquiries tab's list. */
export const $enquiries = atom<EnquiriesView>({ status: "open", page: 1, enquiries: null, totalPages: 0, emailEnabled: null, error: null });
/** Enquiries not yet handled (shown on the tab), null until first read. */
export const $openEnquiries = atom<number | null>(null);
/** The enquiry being marked handled. */
export const $markingHandled = atom<string | null>(null);

/** How often the open count (and the list shown) is read again while the panel is open. */
export const ENQUIRIES_POLL_MS = 30_000;

/** Reads the list's current page (or `status`/`page` when given); a failure keeps what is shown and says why. */
export async function refreshEnquiries(next: Partial<Pick<EnquiriesView, "status" | "page">> = {}): Promise<void> {
  const { status, page } = { ...$enquiries.get(), ...next };
  try {
    const answer = await readEnquiries(status, page);
    // A page past the last (the last enquiry of it handled) shows the last page instead.
    if (answer.enquiries.length === 0 && page > 1 && answer.pagination.totalPages < page)
      return refreshEnquiries({ status, page: Math.max(1, answer.pagination.totalPages) });
    $enquiries.set({
      status,
      page,
      enquiries: answer.enquiries,
      totalPages: answer.pagination.totalPages,
      emailEnabled: answer.emailEnabled,
      error: null,
    });
    $openEnquiries.set(answer.openCount);
  } catch (error) {
    if (!handleUnauthorized(error)) $enquiries.set({ ...$enquiries.get(), status, page, error: errorText(error) });
  }
}

/** Marks one enquiry handled, then reads the list and the open count again. */
export async function handleEnquiry(id: string): Promise<void> {
  if ($markingHandled.get() !== null) return;
  $markingHandled.set(id);
  try {
    await markEnquiryHandled(id);
    await refreshEnquiries();
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Could not mark the enquiry handled", error));
  } finally {
    $markingHandled.set(null);
  }
}
