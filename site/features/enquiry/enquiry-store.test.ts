import { beforeEach, describe, expect, it, vi } from "vitest";
import { ENQUIRY_FIELD_ERRORS } from "#contract/enquiries";
import { $enquiry, OFFLINE_ERROR, resetEnquiry, sendEnquiry, type EnquiryInput } from "./enquiry-store";

const ITEM = "0badf00d-0000-4000-8000-000000000000";
const input = (over: Partial<EnquiryInput> = {}): EnquiryInput => ({
  category: "slots",
  itemId: ITEM,
  name: "Ada Collector",
  email: "ada@example.com",
  phone: "",
  message: "Is it still available?",
  website: "",
  ...over,
});

/** A fetch answering `status` with `body`, recording what it was sent. */
function answering(status: number, body: unknown) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(body, { status }));
}

beforeEach(() => resetEnquiry());

describe("sendEnquiry", () => {
  it("posts the fields as JSON (an empty phone left out) and shows the worker's thanks", async () => {
    const post = answering(201, { id: "x", message: "Thank you for your enquiry. We will reply to ada@example.com as soon as we can." });
    await sendEnquiry(input(), post as typeof fetch);
    expect(post).toHaveBeenCalledOnce();
    const [url, init] = post.mock.calls[0]!;
    expect(url).toBe("/api/enquiries");
    expect(init).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(String(init?.body))).toEqual({
      category: "slots",
      itemId: ITEM,
      name: "Ada Collector",
      email: "ada@example.com",
      message: "Is it still available?",
      website: "",
    });
    expect($enquiry.get()).toEqual({
      status: "sent",
      fieldErrors: {},
      error: null,
      thanks: "Thank you for your enquiry. We will reply to ada@example.com as soon as we can.",
    });
  });

  it("shows each invalid field's error without sending anything", async () => {
    const post = answering(201, {});
    await sendEnquiry(input({ name: "", email: "ada@", phone: "ask me", message: " " }), post as typeof fetch);
    expect(post).not.toHaveBeenCalled();
    expect($enquiry.get().fieldErrors).toEqual({
      name: ENQUIRY_FIELD_ERRORS.name,
      email: ENQUIRY_FIELD_ERRORS.email,
      phone: ENQUIRY_FIELD_ERRORS.phone,
      message: ENQUIRY_FIELD_ERRORS.message,
    });
    expect($enquiry.get().status).toBe("editing");
  });

  it("leaves the honeypot to the worker: a filled one is sent as typed and never named", async () => {
    const post = answering(201, { id: "x", message: "Thanks" });
    await sendEnquiry(input({ website: "https://spam.example" }), post as typeof fetch);
    expect(JSON.parse(String(post.mock.calls[0]![1]?.body)).website).toBe("https://spam.example");
    expect($enquiry.get().status).toBe("sent");
  });

  it("shows the worker's errors per field (400) and its message for any other refusal", async () => {
    await sendEnquiry(
      input(),
      answering(400, { error: "Invalid turnstileToken", fields: { turnstileToken: "Complete it" } }) as typeof fetch,
    );
    expect($enquiry.get()).toMatchObject({ status: "editing", fieldErrors: { turnstileToken: "Complete it" }, error: null });
    await sendEnquiry(
      input(),
      answering(429, { error: "You have sent 5 enquiries within the hour. Try again in 12 minutes." }) as typeof fetch,
    );
    expect($enquiry.get().error).toBe("Your enquiry was not sent: You have sent 5 enquiries within the hour. Try again in 12 minutes.");
    await sendEnquiry(input(), (async () => new Response("<html>", { status: 502 })) as typeof fetch);
    expect($enquiry.get().error).toBe("Your enquiry was not sent: the server answered 502");
  });

  it("says so when the enquiry cannot reach the worker", async () => {
    await sendEnquiry(input(), (async () => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch);
    expect($enquiry.get()).toMatchObject({ status: "editing", error: OFFLINE_ERROR });
  });
});
