import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { ENQUIRY_STATUSES, type Enquiry, type EnquiryStatus } from "#contract/enquiries";
import Pager from "../../lib/ui/Pager";
import { $enquiries, $markingHandled, handleEnquiry, refreshEnquiries } from "./admin-enquiries";
import { formatTime } from "./format-time";
import LoadError from "./LoadError";

const STATUS_LABELS: Record<EnquiryStatus, string> = { open: "Open", handled: "Handled", all: "All" };
const EMPTY: Record<EnquiryStatus, string> = { open: "No open enquiries.", handled: "No handled enquiries yet.", all: "No enquiries yet." };

/** One enquiry: the item (linking to its page), when, who (email and phone as links), the message, whether it was emailed, and Mark handled. */
function EnquiryCard({ enquiry, marking }: { enquiry: Enquiry; marking: string | null }) {
  return (
    <li className="card grid gap-2 p-4" data-testid="enquiry-row" data-handled={enquiry.handled}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <a
          href={`/for-sale/${enquiry.category}/${enquiry.itemId}`}
          className="font-bold break-words text-oxblood-700 underline"
          data-testid="enquiry-item"
        >
          {enquiry.itemTitle}
        </a>
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
          {enquiry.emailed ? "Emailed to you" : "Not emailed"}
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

/** The Enquiries tab: visitors' enquiries newest first (open, handled or all), a page at a time. */
export default function EnquiriesTab() {
  const view = useStore($enquiries);
  const marking = useStore($markingHandled);
  useEffect(() => {
    void refreshEnquiries();
  }, []);
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
              Enquiries are not emailed to you: set ENQUIRY_EMAIL_TO on the worker to get each one by email.
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
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
      </div>
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
        <ul className="grid gap-3" aria-label={`${STATUS_LABELS[view.status]} enquiries`}>
          {view.enquiries.map((enquiry) => (
            <EnquiryCard key={enquiry.id} enquiry={enquiry} marking={marking} />
          ))}
        </ul>
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
