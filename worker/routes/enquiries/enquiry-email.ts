/**
 * The dealer's emails, in the `send_email` binding's structured form (`{from, to, replyTo, subject, text}`: the binding
 * writes the MIME): one about each new enquiry, replying to the visitor, and one summary when enquiries come past the
 * site-wide caps.
 */
import type { CategoryId } from "#contract/categories";
import { ENQUIRY_WINDOW_MS } from "#contract/enquiries";
import { itemPagePath } from "#contract/item-address";
import { itemPriceText, type PriceFormat } from "#contract/price-format";

/** What the email tells: the stored enquiry and the item as D1 holds it. */
export type EnquiryEmailData = {
  id: string;
  category: CategoryId;
  itemId: string;
  itemTitle: string;
  price: number | null;
  forSale: boolean;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: string;
};

/** Where the email goes: the site's origin (for links), the dealer's address and the sending address. */
export type EnquiryEmailRoute = { origin: string; to: string; from: string };

/** An email as the binding's `send()` takes it, with plain text only. */
export type DealerEmail = {
  from: { email: string; name: string };
  to: string;
  replyTo?: { email: string; name: string };
  subject: string;
  text: string;
};

// An address with no room for a second address, a comment or a line break: no spaces, controls, quotes or brackets.
const ADDRESS = /^[^\s\p{Cc}<>"(),;:\\[\]@]+@[^\s\p{Cc}<>"(),;:\\[\]@]+$/u;

/** True when `address` is a plain `local@domain`. */
export function isSafeAddress(address: string): boolean {
  return address.length <= 254 && ADDRESS.test(address);
}

function checked(address: string): string {
  if (!isSafeAddress(address)) throw new Error(`Not a plain email address: ${JSON.stringify(address)}`);
  return address;
}

/** Text for one header line: line breaks and other control characters become one space. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ");

/** When the enquiry came, written in the dealer's locale, in UTC (the email's reader may be anywhere). */
function sentAt(iso: string, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

/** The email's text: item, link, the visitor's details and message, and where the enquiry is listed. */
function enquiryText(data: EnquiryEmailData, origin: string, format: PriceFormat): string {
  const link = `${origin}${itemPagePath(data.forSale ? "for-sale" : "gallery", { id: data.itemId, category: data.category, title: data.itemTitle })}`;
  return [
    `New enquiry about: ${data.itemTitle}`,
    `Price: ${itemPriceText(data.price, format)}${data.forSale ? "" : " (no longer marked for sale)"}`,
    `Item page: ${link}`,
    "",
    `Name: ${data.name}`,
    `Email: ${data.email}`,
    `Phone: ${data.phone ?? "not given"}`,
    `Sent: ${sentAt(data.createdAt, format.locale)}`,
    "",
    "Message:",
    data.message,
    "",
    `Reply to this email to answer ${data.name}. The enquiry is also listed in the admin panel (${origin}/admin, Enquiries).`,
  ].join("\n");
}

/** The email to the dealer about one enquiry, with Reply-To set to the visitor; prices and dates as `format` writes them. */
export function enquiryEmail(data: EnquiryEmailData, route: EnquiryEmailRoute, format: PriceFormat): DealerEmail {
  return {
    from: { email: checked(route.from), name: "Website enquiries" },
    to: checked(route.to),
    replyTo: { email: checked(data.email), name: oneLine(data.name) },
    subject: oneLine(`Enquiry about ${data.itemTitle} from ${data.name}`),
    text: enquiryText(data, route.origin, format),
  };
}

/** How busy the site was when an enquiry came past a cap, and the caps. */
export type FloodSummary = { hour: number; day: number; perHour: number; perDay: number };

/** The one email a day the dealer gets while enquiries come past the site-wide caps, in place of one per enquiry. */
export function floodSummaryEmail(summary: FloodSummary, route: EnquiryEmailRoute): DealerEmail {
  const hours = ENQUIRY_WINDOW_MS / 3_600_000;
  return {
    from: { email: checked(route.from), name: "Website enquiries" },
    to: checked(route.to),
    subject: "Many enquiries at once: the rest are held in the admin panel",
    text: [
      `Your site took ${summary.hour} enquiries in the last ${hours === 1 ? "hour" : `${hours} hours`} and ${summary.day} in the last day.`,
      `Your limits are ${summary.perHour} an hour and ${summary.perDay} a day, so enquiries past them are stored but not emailed.`,
      "This may be a real rush of interest, or someone flooding the form.",
      "",
      `Read them in the admin panel (${route.origin}/admin, Enquiries, Flagged): delete the junk, and mark real ones handled once answered.`,
      "You get at most one email like this a day. The limits are in the admin panel's Settings tab.",
    ].join("\n"),
  };
}
