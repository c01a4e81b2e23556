/** The dealer's email about a new enquiry: the item (title, price, link) and the visitor's details, replying to the visitor. */
import type { CategoryId } from "#contract/categories";
import { textEmail } from "./mime-message";

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

/** The price as the item page shows it: `$1,250`, or `Not for sale` without one. */
function shownPrice(price: number | null): string {
  return price === null || !Number.isFinite(price) ? "Not for sale" : `$${price.toLocaleString("en-US")}`;
}

/** The email's subject. */
function enquirySubject(data: EnquiryEmailData): string {
  return `Enquiry about ${data.itemTitle} from ${data.name}`;
}

/** The email's text: item, link, the visitor's details and message, and where the enquiry is listed. */
function enquiryText(data: EnquiryEmailData, origin: string): string {
  const link = `${origin}/for-sale/${data.category}/${data.itemId}`;
  return [
    `New enquiry about: ${data.itemTitle}`,
    `Price: ${shownPrice(data.price)}${data.forSale ? "" : " (no longer marked for sale)"}`,
    `Item page: ${link}`,
    "",
    `Name: ${data.name}`,
    `Email: ${data.email}`,
    `Phone: ${data.phone ?? "not given"}`,
    `Sent: ${data.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC")}`,
    "",
    "Message:",
    data.message,
    "",
    `Reply to this email to answer ${data.name}. The enquiry is also listed in the admin panel (${origin}/admin, Enquiries).`,
  ].join("\n");
}

/** The raw MIME message to the dealer, with Reply-To set to the visitor. */
export function enquiryEmail(data: EnquiryEmailData, route: EnquiryEmailRoute): string {
  return textEmail({
    from: { address: route.from, name: "Website enquiries" },
    to: { address: route.to },
    replyTo: { address: data.email, name: data.name },
    subject: enquirySubject(data),
    text: enquiryText(data, route.origin),
    messageId: `enquiry-${data.id}`,
  });
}
