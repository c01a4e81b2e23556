import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ENQUIRY_FIELD_ERRORS, ENQUIRY_LIMITS } from "#contract/enquiries";
import { $enquiry, resetEnquiry } from "./enquiry-store";
import EnquiryForm from "./EnquiryForm";

const ITEM = "0badf00d-0000-4000-8000-000000000000";

/** The form rendered as the server would, parsed into a document. */
function rendered(): Document {
  return new JSDOM(renderToString(<EnquiryForm category="slots" itemId={ITEM} initialMessage="Hello, I am interested." />)).window.document;
}

/** The texts an element's aria-describedby points at. */
const describedBy = (doc: Document, name: string) =>
  (doc.querySelector(`[name="${name}"]`)?.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => doc.getElementById(id)?.textContent);

afterEach(() => resetEnquiry());

describe("the enquiry form", () => {
  it("posts the item, the visible fields and the honeypot to /api/enquiries as a plain form too, each field labelled", () => {
    const doc = rendered();
    const form = doc.querySelector("form");
    expect([form?.getAttribute("method"), form?.getAttribute("action")]).toEqual(["post", "/api/enquiries"]);
    const names = [...doc.querySelectorAll("input, textarea")].map((el) => el.getAttribute("name"));
    expect(names).toEqual(["category", "itemId", "name", "email", "phone", "message", "website"]);
    expect(doc.querySelector<HTMLInputElement>('[name="itemId"]')?.value).toBe(ITEM);
    for (const [name, label] of [
      ["name", "Your name"],
      ["email", "Email"],
      ["phone", "Phone (optional)"],
      ["message", "Message"],
    ]) {
      const id = doc.querySelector(`[name="${name}"]`)?.id ?? "";
      expect(doc.querySelector(`label[for="${id}"]`)?.textContent, name).toBe(label);
    }
    expect(doc.querySelector("textarea")?.textContent).toBe("Hello, I am interested.");
    expect(doc.querySelector("textarea")?.getAttribute("maxlength")).toBe(String(ENQUIRY_LIMITS.message));
    const honeypot = doc.querySelector('[name="website"]');
    expect(honeypot?.getAttribute("tabindex")).toBe("-1");
    expect(honeypot?.getAttribute("autocomplete")).toBe("off");
    expect(honeypot?.closest("[aria-hidden]")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("ties each field's error to it and marks it invalid", () => {
    $enquiry.set({
      status: "editing",
      fieldErrors: { email: ENQUIRY_FIELD_ERRORS.email, phone: ENQUIRY_FIELD_ERRORS.phone },
      error: null,
      thanks: null,
    });
    const doc = rendered();
    expect(describedBy(doc, "email")).toEqual([ENQUIRY_FIELD_ERRORS.email]);
    expect(describedBy(doc, "phone")).toEqual([ENQUIRY_FIELD_ERRORS.phone]);
    expect(describedBy(doc, "name")).toEqual([]);
    expect(describedBy(doc, "message")).toEqual([`At most ${ENQUIRY_LIMITS.message.toLocaleString("en-US")} characters.`]);
    expect(doc.querySelector('[name="email"]')?.getAttribute("aria-invalid")).toBe("true");
    expect(doc.querySelector('[name="name"]')?.getAttribute("aria-invalid")).toBe("false");
  });

  it("shows the worker's thanks in place of the form once sent, and a failure above the button", () => {
    $enquiry.set({ status: "editing", fieldErrors: {}, error: "Your enquiry was not sent: D1 down", thanks: null });
    expect(rendered().querySelector('[role="alert"]')?.textContent).toBe("Your enquiry was not sent: D1 down");
    $enquiry.set({ status: "sent", fieldErrors: {}, error: null, thanks: "Thank you for your enquiry." });
    const doc = rendered();
    expect(doc.querySelector("form")).toBeNull();
    expect(doc.querySelector('[role="status"]')?.textContent).toBe("Thank you for your enquiry.");
  });
});
