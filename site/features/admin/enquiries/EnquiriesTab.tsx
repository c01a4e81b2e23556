import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { ENQUIRY_STATUSES, FLAGGED_ENQUIRY_DAYS, type Enquiry, type EnquiryStatus } from "#contract/enquiries";
import { itemPagePath } from "#contract/item-address";
import Pager from "../../../lib/ui/Pager";
import {
  $deletingEnquiries,
  $enquiries,
  $markingHandled,
  $selectedEnquiries,
  deleteAllFlagged,
  deleteSelected,
  handleEnquiry,
  refreshEnquiries,
  selectAllShown,
  toggleSelected,
} from "./enquiries-store";
import ConfirmDialog from "../shared/ConfirmDialog";
import { formatTime } from "../shared/format-time";
import LoadError from "../shared/LoadError";

const STATUS_LABELS: Record<EnquiryStatus, string> = { open: "Open", flagged: "Flagged", handled: "Handled", all: "All" };
const EMPTY: Record<EnquiryStatus, string> = {
  open: "No open enquiries.",
  flagged: "No flagged enquiries.",
  handled: "No handled enquiries yet.",
  all: "No enquiries yet.",
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

type CardProps = { enquiry: Enquiry; marking: string | null; selected: boolean };

/**
 * One enquiry: a box to tick it, the item (linking to its page), when, who (email and phone as links), the message,
 * whether it was emailed (or flagged: past the site's limits), and Mark handled.
 */
function EnquiryCard({ enquiry, marking, selected }: CardProps) {
  return (
    <li className="card grid gap-2 p-4" data-testid="enquiry-row" data-handled={enquiry.handled} data-flagged={enquiry.flagged}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <label className="flex min-w-0 items-baseline gap-2">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-oxblood-700"
            checked={selected}
            onChange={(e) => toggleSelected(enquiry.id, e.target.checked)}
            aria-label={`Select the enquiry from ${enquiry.name}`}
            data-testid="enquiry-select"
          />
          <a
            href={itemPagePath("for-sale", { id: enquiry.itemId, category: enquiry.category, title: enquiry.itemTitle })}
            className="font-bold break-words text-oxblood-700 underline"
            data-testid="enquiry-item"
          >
            {enquiry.itemTitle}
          </a>
        </label>
        <time dateTime={enquiry.createdAt} className="text-sm text-walnut">
          {formatTime(enquiry.createdAt)}
        </time>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="font-semibold text-walnut">Name</dt>
        <dd className="break-words" data-testid="enquiry-name">
          {enquiry.name}
        </dd>
        <dt className="font-semibold text-walnut">Email</dt>
        <dd className="break-all">
          <a href={`mailto:${enquiry.email}`} className="underline" data-testid="enquiry-email">
            {enquiry.email}
          </a>
        </dd>
        <dt className="font-semibold text-walnut">Phone</dt>
        <dd data-testid="enquiry-phone">
          {enquiry.phone ? (
            <a href={`tel:${enquiry.phone.replace(/[^0-9+]/g, "")}`} className="underline">
              {enquiry.phone}
            </a>
          ) : (
            "—"
          )}
        </dd>
      </dl>
      <p className="rounded bg-cream-100 p-3 whitespace-pre-wrap break-words" data-testid="enquiry-message">
        {enquiry.message}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className={enquiry.emailed ? "text-walnut" : "font-semibold text-oxblood-700"} data-testid="enquiry-emailed">
          {enquiry.emailed ? "Emailed to you" : enquiry.flagged ? "Flagged: came past your limits, not emailed" : "Not emailed"}
        </span>
        {enquiry.handled ? (
          <span className="font-semibold text-walnut">Handled</span>
        ) : (
          <button type="button" className="btn-outline" onClick={() => void handleEnquiry(enquiry.id)} disabled={marking !== null}>
            {marking === enquiry.id ? "Marking…" : "Mark handled"}
          </button>
        )}
      </div>
    </li>
  );
}

type ToolbarProps = { enquiries: Enquiry[]; selected: readonly string[]; deleting: boolean };

/** Select all on the page, and Delete selected (after a confirmation). */
function SelectionBar({ enquiries, selected, deleting }: ToolbarProps) {
  const all = enquiries.length > 0 && enquiries.every((e) => selected.includes(e.id));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="enquiries-selection">
      <label className="flex items-center gap-2 font-semibold text-walnut">
        <input
          type="checkbox"
          className="size-4 accent-oxblood-700"
          checked={all}
          onChange={(e) => selectAllShown(e.target.checked)}
          data-testid="enquiries-select-all"
        />
        Select all on this page
      </label>
      <ConfirmDialog
        title={`Delete ${plural(selected.length, "enquiry", "enquiries")}?`}
        body={<p>They are removed for good; a visitor's email to you, if one went out, stays in your mailbox.</p>}
        action="Delete"
        destructive
        onConfirm={() => void deleteSelected()}
      >
        <button type="button" className="btn-outline" disabled={selected.length === 0 || deleting} data-testid="enquiries-delete-selected">
          {deleting ? "Deleting…" : `Delete selected (${selected.length})`}
        </button>
      </ConfirmDialog>
    </div>
  );
}

type FlaggedProps = { count: number; deleting: boolean };

/** What flagged enquiries are, and Delete all flagged (after a confirmation). */
function FlaggedNote({ count, deleting }: FlaggedProps) {
  return (
    <div
      role="note"
      className="grid gap-2 rounded-md border border-brass-500 bg-brass-300/40 p-4 text-sm"
      data-testid="enquiries-flagged-note"
    >
      <p>
        Flagged enquiries came in while more arrived than your hourly or daily limit (Settings tab): they are kept here but were not emailed
        to you. Delete the junk, and mark real ones handled once you have answered them. Unhandled flagged enquiries are deleted after{" "}
        {FLAGGED_ENQUIRY_DAYS} days.
      </p>
      {count > 0 && (
        <ConfirmDialog
          title={`Delete all ${plural(count, "flagged enquiry", "flagged enquiries")}?`}
          body={<p>Every flagged enquiry not yet marked handled is removed for good, on every page of this list.</p>}
          action="Delete all flagged"
          destructive
          onConfirm={() => void deleteAllFlagged()}
        >
          <button type="button" className="btn-outline justify-self-start" disabled={deleting} data-testid="enquiries-delete-flagged">
            Delete all flagged ({count.toLocaleString("en-US")})
          </button>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The Enquiries tab: visitors' enquiries newest first (open, flagged, handled or all), a page at a time, to handle or delete. */
export default function EnquiriesTab() {
  const view = useStore($enquiries);
  const marking = useStore($markingHandled);
  const selected = useStore($selectedEnquiries);
  const deleting = useStore($deletingEnquiries);
  useEffect(() => {
    void refreshEnquiries();
  }, []);
  const label = (status: EnquiryStatus) =>
    status === "flagged" && view.flaggedCount > 0 ? `Flagged (${view.flaggedCount.toLocaleString("en-US")})` : STATUS_LABELS[status];
  return (
    <section className="grid grid-cols-1 gap-4" aria-labelledby="enquiries-heading" data-testid="enquiries-tab">
      <div className="card flex flex-wrap items-end justify-between gap-3 p-5">
        <div className="grid gap-1">
          <h2 id="enquiries-heading" className="text-xl font-bold text-oxblood-800">
            Enquiries
          </h2>
          <p className="text-sm text-walnut">Sent from the Contact About This Item button of items for sale; reply by email.</p>
          {view.emailEnabled === false && (
            <p className="text-sm font-semibold text-oxblood-700" data-testid="enquiries-email-off">
              Enquiries are not emailed to you: the Settings tab says how to turn email on.
            </p>
          )}
        </div>
        <label className="flex flex-col gap-1 text-sm font-semibold text-walnut">
          Show
          <select
            value={view.status}
            onChange={(e) => void refreshEnquiries({ status: e.target.value as EnquiryStatus, page: 1 })}
            className="rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-sm text-ink"
            data-testid="enquiries-status"
          >
            {ENQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {label(status)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.status === "flagged" && <FlaggedNote count={view.flaggedCount} deleting={deleting} />}
      <LoadError what="the enquiries" error={view.error} />
      {view.enquiries === null ? (
        !view.error && (
          <p className="text-walnut" role="status">
            Loading enquiries…
          </p>
        )
      ) : view.enquiries.length === 0 ? (
        <p className="card p-5 text-walnut" data-testid="enquiries-empty">
          {EMPTY[view.status]}
        </p>
      ) : (
        <>
          <SelectionBar enquiries={view.enquiries} selected={selected} deleting={deleting} />
          <ul className="grid gap-3" aria-label={`${STATUS_LABELS[view.status]} enquiries`}>
            {view.enquiries.map((enquiry) => (
              <EnquiryCard key={enquiry.id} enquiry={enquiry} marking={marking} selected={selected.includes(enquiry.id)} />
            ))}
          </ul>
        </>
      )}
      <Pager
        page={view.page}
        totalPages={view.totalPages}
        position="bottom"
        onChange={(page) => void refreshEnquiries({ page })}
        hrefFor={(page) => `#enquiries-page-${page}`}
      />
    </section>
  );
}
