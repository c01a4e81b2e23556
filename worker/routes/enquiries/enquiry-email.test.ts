import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT } from "#contract/price-format";
import { enquiryEmail, floodSummaryEmail, isSafeAddress, type EnquiryEmailData } from "./enquiry-email";

const ROUTE = { origin: "https://coin-op.example", to: "dealer@coin-op.example", from: "enquiries@coin-op.example" };

const enquiry = (over: Partial<EnquiryEmailData> = {}): EnquiryEmailData => ({
  id: "5f0c6a52-0000-4000-8000-000000000001",
  category: "slots",
  itemId: "0badf00d-0000-4000-8000-000000000000",
  itemTitle: "Mills Black Cherry 5¢",
  price: 1250,
  forSale: true,
  name: "Zoë Collector",
  email: "zoe@example.com",
  phone: "+44 20 7946 0000",
  message: "Is it still available?\nI could collect it on Saturday.",
  createdAt: "2026-03-01T09:30:00.000Z",
  ...over,
});

describe("the dealer's enquiry email", () => {
  it("carries the item, its link and price, the visitor's details and message, replying to the visitor", () => {
    const email = enquiryEmail(enquiry(), ROUTE, DEFAULT_PRICE_FORMAT);
    // ICU versions differ in the space before AM (U+202F or a plain one).
    expect({ ...email, text: email.text.replace(/\u202f/g, " ") }).toEqual({
      from: { email: "enquiries@coin-op.example", name: "Website enquiries" },
      to: "dealer@coin-op.example",
      replyTo: { email: "zoe@example.com", name: "Zoë Collector" },
      subject: "Enquiry about Mills Black Cherry 5¢ from Zoë Collector",
      text: [
        "New enquiry about: Mills Black Cherry 5¢",
        "Price: $1,250",
        "Item page: https://coin-op.example/for-sale/slots/mills-black-cherry-5-0badf00d000040008000000000000000",
        "",
        "Name: Zoë Collector",
        "Email: zoe@example.com",
        "Phone: +44 20 7946 0000",
        "Sent: Mar 1, 2026, 9:30 AM UTC",
        "",
        "Message:",
        "Is it still available?",
        "I could collect it on Saturday.",
        "",
        "Reply to this email to answer Zoë Collector. The enquiry is also listed in the admin panel (https://coin-op.example/admin, Enquiries).",
      ].join("\n"),
    });
  });

  it("writes the price and the time in the dealer's currency and locale", () => {
    const { text } = enquiryEmail(enquiry({ price: 1250.5 }), ROUTE, { currency: "GBP", locale: "en-GB" });
    expect(text).toContain("Price: £1,250.5\n");
    expect(text).toContain("Sent: 1 Mar 2026, 09:30 UTC");
  });

  it("says when the item has no price or is no longer for sale, and when no phone was given", () => {
    const { text } = enquiryEmail(enquiry({ price: null, forSale: false, phone: null }), ROUTE, DEFAULT_PRICE_FORMAT);
    expect(text).toContain("Price: Not for sale (no longer marked for sale)");
    expect(text).toContain("Item page: https://coin-op.example/gallery/slots/mills-black-cherry-5-0badf00d000040008000000000000000");
    expect(text).toContain("Phone: not given");
  });

  it("keeps a name or title with CR/LF on one line in the subject and the reply-to name", () => {
    const email = enquiryEmail(
      enquiry({ name: "Eve\r\nBcc: victim@example.com", itemTitle: "Mills\nX-Injected: yes" }),
      ROUTE,
      DEFAULT_PRICE_FORMAT,
    );
    expect(email.subject).toBe("Enquiry about Mills X-Injected: yes from Eve Bcc: victim@example.com");
    expect(email.replyTo?.name).toBe("Eve Bcc: victim@example.com");
  });

  it("refuses an address that could carry a second address, a comment or a line break", () => {
    for (const bad of ["a@b.c\r\nBcc: x@y.z", "a@b.c, x@y.z", "Eve <a@b.c>", "a b@c.d", "a@b.c\n", "", "a@", '"a"@b.c'])
      expect(isSafeAddress(bad), JSON.stringify(bad)).toBe(false);
    expect(isSafeAddress("dealer+enquiries@coin-op.example")).toBe(true);
    expect(() => enquiryEmail(enquiry({ email: "a@b.c\r\nBcc: x@y.z" }), ROUTE, DEFAULT_PRICE_FORMAT)).toThrow("Not a plain email address");
  });
});

describe("the flood summary", () => {
  it("tells the counts and the limits, and where the held enquiries are", () => {
    const email = floodSummaryEmail({ hour: 31, day: 40, perHour: 20, perDay: 100 }, ROUTE);
    expect(email).toMatchObject({ to: "dealer@coin-op.example", subject: "Many enquiries at once: the rest are held in the admin panel" });
    expect(email.replyTo).toBeUndefined();
    expect(email.text).toContain("Your site took 31 enquiries in the last hour and 40 in the last day.");
    expect(email.text).toContain("(https://coin-op.example/admin, Enquiries, Flagged)");
  });
});
