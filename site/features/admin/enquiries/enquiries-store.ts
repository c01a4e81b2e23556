import { atom } from "nanostores";
import type { EnquiriesDelete, Enquiry, EnquiryStatus } from "#contract/enquiries";
import { deleteEnquiries, markEnquiryHandled, readEnquiries } from "../shared/admin-api";
import { handleUnauthorized } from "../shared/session-store";
import { errorText, failureToast } from "../shared/error-text";
import { toast } from "../../shell/toasts";

/**
 * The Enquiries tab: which list and page it shows, that page (null until loaded), the pages, the count of flagged
 * enquiries, whether email is on, and why it could not load.
 */
export type EnquiriesView = {
  status: EnquiryStatus;
  page: number;
  enquiries: Enquiry[] | null;
  totalPages: number;
  flaggedCount: number;
  emailEnabled: boolean | null;
  error: string | null;
};

/** The Enquiries tab's list. */
export const $enquiries = atom<EnquiriesView>({
  status: "open",
  page: 1,
  enquiries: null,
  totalPages: 0,
  flaggedCount: 0,
  emailEnabled: null,
  error: null,
});
/** Enquiries not yet handled and not flagged (shown on the tab), null until first read. */
export const $openEnquiries = atom<number | null>(null);
/** The enquiry being marked handled. */
export const $markingHandled = atom<string | null>(null);
/** The ids ticked on the page shown, for Delete selected. */
export const $selectedEnquiries = atom<readonly string[]>([]);
/** Whether a delete is under way. */
export const $deletingEnquiries = atom(false);

/** How often the open count (and the list shown) is read again while the panel is open. */
export const ENQUIRIES_POLL_MS = 30_000;

/** Reads the list's current page (or `status`/`page` when given); a failure keeps what is shown and says why. */
export async function refreshEnquiries(next: Partial<Pick<EnquiriesView, "status" | "page">> = {}): Promise<void> {
  const { status, page } = { ...$enquiries.get(), ...next };
  try {
    const answer = await readEnquiries(status, page);
    // A page past the last (the last enquiry of it handled or deleted) shows the last page instead.
    if (answer.enquiries.length === 0 && page > 1 && answer.pagination.totalPages < page)
      return refreshEnquiries({ status, page: Math.max(1, answer.pagination.totalPages) });
    $enquiries.set({
      status,
      page,
      enquiries: answer.enquiries,
      totalPages: answer.pagination.totalPages,
      flaggedCount: answer.flaggedCount,
      emailEnabled: answer.emailEnabled,
      error: null,
    });
    $openEnquiries.set(answer.openCount);
    // Only what the page shows can stay ticked.
    const shown = new Set(answer.enquiries.map((e) => e.id));
    $selectedEnquiries.set($selectedEnquiries.get().filter((id) => shown.has(id)));
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

/** Ticks or unticks one enquiry of the page shown. */
export function toggleSelected(id: string, selected: boolean): void {
  const rest = $selectedEnquiries.get().filter((other) => other !== id);
  $selectedEnquiries.set(selected ? [...rest, id] : rest);
}

/** Ticks every enquiry of the page shown, or none. */
export function selectAllShown(selected: boolean): void {
  $selectedEnquiries.set(selected ? ($enquiries.get().enquiries ?? []).map((e) => e.id) : []);
}

async function remove(body: EnquiriesDelete): Promise<void> {
  if ($deletingEnquiries.get()) return;
  $deletingEnquiries.set(true);
  try {
    const { message } = await deleteEnquiries(body);
    $selectedEnquiries.set([]);
    toast({ title: "Enquiries deleted", description: message, variant: "default" });
    await refreshEnquiries();
  } catch (error) {
    if (!handleUnauthorized(error)) toast(failureToast("Could not delete the enquiries", error));
  } finally {
    $deletingEnquiries.set(false);
  }
}

/** Deletes the ticked enquiries, then reads the list again. */
export function deleteSelected(): Promise<void> {
  const ids = $selectedEnquiries.get();
  return ids.length === 0 ? Promise.resolve() : remove({ ids: [...ids] });
}

/** Deletes every flagged enquiry not yet handled, then reads the list again. */
export function deleteAllFlagged(): Promise<void> {
  return remove({ flagged: true });
}
