import { describe, expect, it } from "vitest";
import {
  ENQUIRY_BODY_LIMIT,
  ENQUIRY_FIELD_ERRORS,
  ENQUIRY_LIMITS,
  EnquiryBodySchema,
  enquiryFieldErrors,
  prefilledMessage,
} from "./enquiries";

const valid = {
  category: "slots",
  itemId: "0badf00d00004000800000000000000a",
  name: "Ada",
  email: "ada@example.com",
  message: "Hello",
};

const errors = (body: Record<string, unknown>) => {
  const parsed = EnquiryBodySchema.safeParse(body);
  return parsed.success ? {} : enquiryFieldErrors(parsed.error);
};

describe("EnquiryBodySchema", () => {
  it("trims the fields and takes a phone of digits, spaces and + - ( ) .", () => {
    expect(EnquiryBodySchema.parse({ ...valid, name: "  Ada  ", phone: " +1 (555) 010-0100 " })).toMatchObject({
      name: "Ada",
      phone: "+1 (555) 010-0100",
    });
    expect(errors({ ...valid, phone: "" })).toEqual({});
  });

  it("names each invalid field once with its error", () => {
    expect(errors({ ...valid, name: "x".repeat(ENQUIRY_LIMITS.name + 1), email: "ada@example", phone: "12-34", message: "" })).toEqual({
      name: ENQUIRY_FIELD_ERRORS.name,
      email: ENQUIRY_FIELD_ERRORS.email,
      phone: ENQUIRY_FIELD_ERRORS.phone,
      message: ENQUIRY_FIELD_ERRORS.message,
    });
    expect(errors({})).toEqual({
      category: ENQUIRY_FIELD_ERRORS.category,
      itemId: ENQUIRY_FIELD_ERRORS.itemId,
      name: ENQUIRY_FIELD_ERRORS.name,
      email: ENQUIRY_FIELD_ERRORS.email,
      message: ENQUIRY_FIELD_ERRORS.message,
    });
  });

  it("keeps line breaks and other control characters out of the name (which reaches an email header), not out of the message", () => {
    expect(errors({ ...valid, name: "Ada\r\nBcc: x@y.z" })).toEqual({ name: ENQUIRY_FIELD_ERRORS.name });
    expect(errors({ ...valid, name: "Ada\u2028Bcc" })).toEqual({ name: ENQUIRY_FIELD_ERRORS.name });
    expect(errors({ ...valid, email: "ada@example.com\r\nBcc: x@y.z" })).toEqual({ email: ENQUIRY_FIELD_ERRORS.email });
    expect(errors({ ...valid, message: "Line one\nLine two" })).toEqual({});
  });

  it("keeps the longest valid enquiry under the body limit, even in three-byte characters and form-encoded", () => {
    const longest = new URLSearchParams({
      ...valid,
      itemId: "0badf00d-0000-4000-8000-00000000000a",
      name: "機".repeat(ENQUIRY_LIMITS.name),
      email: `${"a".repeat(ENQUIRY_LIMITS.email - 12)}@example.com`,
      phone: "9".repeat(ENQUIRY_LIMITS.phone),
      message: "機".repeat(ENQUIRY_LIMITS.message),
      website: "",
    }).toString();
    expect(longest.length).toBeLessThan(ENQUIRY_BODY_LIMIT);
  });
});

describe("prefilledMessage", () => {
  it("names the item and its price as the item page shows them", () => {
    expect(prefilledMessage("Mills Castle Front 5¢", "$4,850")).toBe(
      "Hello, I am interested in the Mills Castle Front 5¢ ($4,850). Is it still available?",
    );
  });
});
