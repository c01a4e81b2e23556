import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { enquiryEmail, type EnquiryEmailData } from "./enquiry-email";
import { encodeWords, isSafeAddress, textEmail } from "./mime-message";

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

/** The message as a standard parser reads it (the one miniflare's send_email binding uses too). */
const parse = (raw: string) => PostalMime.parse(raw);

/** The raw message's header block, unfolded, as one `Name: value` entry per header. */
const headerLines = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n /g, " ").split("\r\n");

describe("the dealer's enquiry email", () => {
  it("carries the item, its link and price, the visitor's details and message, replying to the visitor", async () => {
    const email = await parse(enquiryEmail(enquiry(), ROUTE));
    expect(email.from).toMatchObject({ address: "enquiries@coin-op.example", name: "Website enquiries" });
    expect(email.to).toMatchObject([{ address: "dealer@coin-op.example" }]);
    expect(email.replyTo).toMatchObject([{ address: "zoe@example.com", name: "Zoë Collector" }]);
    expect(email.subject).toBe("Enquiry about Mills Black Cherry 5¢ from Zoë Collector");
    expect(email.messageId).toBe("<enquiry-5f0c6a52-0000-4000-8000-000000000001@coin-op.example>");
    expect(email.text?.replace(/\r\n/g, "\n")).toBe(
      [
        "New enquiry about: Mills Black Cherry 5¢",
        "Price: $1,250",
        "Item page: https://coin-op.example/for-sale/slots/0badf00d-0000-4000-8000-000000000000",
        "",
        "Name: Zoë Collector",
        "Email: zoe@example.com",
        "Phone: +44 20 7946 0000",
        "Sent: 2026-03-01 09:30:00 UTC",
        "",
        "Message:",
        "Is it still available?",
        "I could collect it on Saturday.",
        "",
        "Reply to this email to answer Zoë Collector. The enquiry is also listed in the admin panel (https://coin-op.example/admin, Enquiries).",
      ].join("\n"),
    );
  });

  it("says when the item has no price or is no longer for sale, and when no phone was given", async () => {
    const email = await parse(enquiryEmail(enquiry({ price: null, forSale: false, phone: null }), ROUTE));
    expect(email.text).toContain("Price: Not for sale (no longer marked for sale)");
    expect(email.text).toContain("Phone: not given");
  });

  it("cannot be given another header through a name, title or message holding CR/LF", async () => {
    const hostile = enquiry({
      name: "Eve\r\nBcc: victim@example.com",
      itemTitle: "Mills\nX-Injected: yes\r\n\r\nforged body",
      message: "hi\r\nBcc: victim@example.com\r\n.\r\n",
    });
    const raw = enquiryEmail(hostile, ROUTE);
    const names = headerLines(raw).map((line) => line.slice(0, line.indexOf(":")));
    expect(names).toEqual([
      "From",
      "To",
      "Reply-To",
      "Subject",
      "Date",
      "Message-ID",
      "MIME-Version",
      "Content-Type",
      "Content-Transfer-Encoding",
    ]);
    expect(raw).not.toMatch(/victim|X-Injected|forged/i);
    const email = await parse(raw);
    expect(email.bcc).toBeUndefined();
    expect(email.headers.map((h) => h.key)).not.toContain("x-injected");
    expect(email.subject).toBe(
      "Enquiry about Mills\nX-Injected: yes\r\n\r\nforged body from Eve\r\nBcc: victim@example.com".replace(/\s+/g, " "),
    );
    expect(email.replyTo).toMatchObject([{ address: "zoe@example.com" }]);
  });

  it("refuses an address that could carry a second address, a comment or a header break", () => {
    for (const bad of ["a@b.c\r\nBcc: x@y.z", "a@b.c, x@y.z", "Eve <a@b.c>", "a b@c.d", "a@b.c\n", "", "a@", '"a"@b.c'])
      expect(isSafeAddress(bad), JSON.stringify(bad)).toBe(false);
    expect(isSafeAddress("dealer+enquiries@coin-op.example")).toBe(true);
    expect(() => enquiryEmail(enquiry({ email: "a@b.c\r\nBcc: x@y.z" }), ROUTE)).toThrow("Not a plain email address");
  });
});

describe("textEmail", () => {
  it("writes CRLF line ends, base64 body lines of at most 76 characters and encoded words of at most 75", () => {
    const raw = textEmail({
      from: { address: "a@b.example" },
      to: { address: "c@d.example" },
      subject: "Ünïcödé ".repeat(20),
      text: "€".repeat(500),
      date: new Date("2026-03-01T09:30:00Z"),
      messageId: "fixed",
    });
    expect(raw).not.toMatch(/[^\r]\n/);
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toContain("Date: Sun, 01 Mar 2026 09:30:00 +0000");
    expect(head).toContain("Message-ID: <fixed@b.example>");
    for (const line of body!.trimEnd().split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
    for (const word of head!.match(/=\?UTF-8\?B\?[^?]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
  });

  it("never splits a character across two encoded words", async () => {
    const subject = "🎰".repeat(40);
    const words = encodeWords(subject).split("\r\n ");
    expect(words.length).toBeGreaterThan(1);
    const email = await parse(textEmail({ from: { address: "a@b.example" }, to: { address: "c@d.example" }, subject, text: "" }));
    expect(email.subject).toBe(subject);
  });
});
