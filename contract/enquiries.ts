/** Enquiries: what a visitor sends about an item, what the worker answers, and what the admin panel lists. */
import * as z from "zod/mini";
import { CATEGORY_IDS } from "./categories.ts";

/** The most characters each field takes; any valid enquiry, even in three-byte characters and form-encoded, stays under ENQUIRY_BODY_LIMIT. */
export const ENQUIRY_LIMITS = { name: 100, email: 254, phone: 40, message: 1500, website: 200, turnstileToken: 2048 } as const;

/** The largest enquiry body the worker reads (JSON or a plain form post), in bytes. */
export const ENQUIRY_BODY_LIMIT = 16 * 1024;

/** Enquiries one client address (IPv6: its /64) may send within ENQUIRY_WINDOW_MS. */
export const ENQUIRIES_PER_WINDOW = 5;

/** Enquiries one IPv6 /48 (a site's whole network, 65,536 /64s) may send within ENQUIRY_WINDOW_MS. */
export const ENQUIRIES_PER_NETWORK = 20;

/** Days a flagged enquiry (one past the site-wide caps) is kept unless it is handled first. */
export const FLAGGED_ENQUIRY_DAYS = 30;

/** Days an open enquiry is kept: one nobody handled in a year is deleted. */
export const OPEN_ENQUIRY_DAYS = 365;

/** The window ENQUIRIES_PER_WINDOW counts over: one hour. */
export const ENQUIRY_WINDOW_MS = 60 * 60_000;

/** The form field Cloudflare's Turnstile widget fills with its token (a plain form post sends it under this name). */
export const TURNSTILE_FORM_FIELD = "cf-turnstile-response";

/** What each field's error says, on the form and in a 400 answer's `fields`. */
export const ENQUIRY_FIELD_ERRORS = {
  category: "Open the form from the item's page.",
  itemId: "Open the form from the item's page.",
  name: `Enter your name (at most ${ENQUIRY_LIMITS.name} characters).`,
  email: "Enter a valid email address.",
  phone: `Enter a phone number (digits, spaces and + - ( ) . only, at most ${ENQUIRY_LIMITS.phone} characters), or leave it empty.`,
  message: `Enter a message (at most ${ENQUIRY_LIMITS.message.toLocaleString("en-US")} characters).`,
  website: "Leave this field empty.",
  turnstileToken: "Complete the check that you are not a robot.",
} as const;

/** A field of the enquiry form. */
export type EnquiryField = keyof typeof ENQUIRY_FIELD_ERRORS;

// Line breaks and other control characters belong in the message only (never in a name that reaches an email header).
const NO_CONTROL = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
const NOTION_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const PHONE = /^(?=(?:\D*\d){5})[0-9 +().-]*$/;

const text = (field: EnquiryField, max: number, min = 1) =>
  z
    .string(ENQUIRY_FIELD_ERRORS[field])
    .check(
      z.trim(),
      z.minLength(min, ENQUIRY_FIELD_ERRORS[field]),
      z.maxLength(max, ENQUIRY_FIELD_ERRORS[field]),
      z.regex(NO_CONTROL, ENQUIRY_FIELD_ERRORS[field]),
    );

/**
 * `POST /api/enquiries` body (JSON, or the same names form-encoded): `website` is the honeypot, left empty by people;
 * `turnstileToken` is needed only when the worker has a Turnstile secret. Strings are trimmed; `phone` may be empty.
 */
export const EnquiryBodySchema = z.object({
  category: z.enum(CATEGORY_IDS, ENQUIRY_FIELD_ERRORS.category),
  itemId: z.string(ENQUIRY_FIELD_ERRORS.itemId).check(z.trim(), z.regex(NOTION_ID, ENQUIRY_FIELD_ERRORS.itemId)),
  name: text("name", ENQUIRY_LIMITS.name),
  email: z
    .string(ENQUIRY_FIELD_ERRORS.email)
    .check(z.trim(), z.maxLength(ENQUIRY_LIMITS.email, ENQUIRY_FIELD_ERRORS.email), z.email(ENQUIRY_FIELD_ERRORS.email)),
  phone: z.optional(
    z.string(ENQUIRY_FIELD_ERRORS.phone).check(
      z.trim(),
      z.maxLength(ENQUIRY_LIMITS.phone, ENQUIRY_FIELD_ERRORS.phone),
      z.refine((phone) => phone === "" || PHONE.test(phone), ENQUIRY_FIELD_ERRORS.phone),
    ),
  ),
  message: z
    .string(ENQUIRY_FIELD_ERRORS.message)
    .check(z.trim(), z.minLength(1, ENQUIRY_FIELD_ERRORS.message), z.maxLength(ENQUIRY_LIMITS.message, ENQUIRY_FIELD_ERRORS.message)),
  website: z.optional(z.string().check(z.maxLength(ENQUIRY_LIMITS.website, ENQUIRY_FIELD_ERRORS.website))),
  turnstileToken: z.optional(z.string().check(z.maxLength(ENQUIRY_LIMITS.turnstileToken, ENQUIRY_FIELD_ERRORS.turnstileToken))),
});

/** `POST /api/enquiries` body as parsed (trimmed). */
export type EnquiryBody = z.infer<typeof EnquiryBodySchema>;

/** Each invalid field with its error, from a failed parse of EnquiryBodySchema (the first error of each field). */
export function enquiryFieldErrors(error: z.core.$ZodError): Partial<Record<EnquiryField, string>> {
  const fields: Partial<Record<EnquiryField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in ENQUIRY_FIELD_ERRORS && !(field in fields)) fields[field as EnquiryField] = issue.message;
  }
  return fields;
}

/** `POST /api/enquiries` answer (201): the enquiry's id and the thank-you text to show. */
export const EnquiryAcceptedSchema = z.object({ id: z.string(), message: z.string() });

/** `POST /api/enquiries` answer (201). */
export type EnquiryAccepted = z.infer<typeof EnquiryAcceptedSchema>;

/** `POST /api/enquiries` answer to invalid fields (400): `error` names them, `fields` gives each one's error. */
export const EnquiryInvalidSchema = z.object({
  error: z.string(),
  fields: z.partialRecord(z.enum(Object.keys(ENQUIRY_FIELD_ERRORS) as [EnquiryField]), z.string()),
});

/** The thank-you text of an accepted enquiry (the same whether it was stored or caught by the honeypot). */
export function enquiryThanks(email: string): string {
  return `Thank you for your enquiry. We will reply to ${email} as soon as we can.`;
}

/** The message the form starts with: the item's title and its price as shown on the item page. */
export function prefilledMessage(title: string, price: string): string {
  return `Hello, I am interested in the ${title} (${price}). Is it still available?`;
}

/** Which enquiries `GET /api/admin/enquiries` lists. */
export const ENQUIRY_STATUSES = ["open", "flagged", "handled", "all"] as const;

/** Which enquiries a list holds: open (not yet handled, not flagged), flagged (not yet handled, past the site-wide caps), handled, or all. */
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Enquiries per page of `GET /api/admin/enquiries`. */
export const ENQUIRIES_PAGE_SIZE = 20;

/** `GET /api/admin/enquiries` query: `status` (default open) and `page` (from 1). */
export const EnquiriesQuerySchema = z.object({
  status: z._default(z.enum(ENQUIRY_STATUSES), "open"),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});

/**
 * One enquiry as the admin panel lists it (`createdAt` ISO time; `emailed` when the dealer's email went out; `flagged`
 * when it came past the site-wide hourly or daily cap, so it was never emailed).
 */
const EnquirySchema = z.object({
  id: z.string(),
  itemId: z.string(),
  category: z.enum(CATEGORY_IDS),
  itemTitle: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  message: z.string(),
  createdAt: z.string(),
  handled: z.boolean(),
  emailed: z.boolean(),
  flagged: z.boolean(),
});

/** One enquiry as the admin panel lists it. */
export type Enquiry = z.infer<typeof EnquirySchema>;

/**
 * `GET /api/admin/enquiries` answer: a page of enquiries newest first, the pages of the chosen status, the counts of
 * open and of flagged ones (whatever status is listed), and whether the worker emails enquiries to the dealer
 * (ENQUIRY_EMAIL_TO set and the `send_email` binding ENQUIRY_EMAIL present).
 */
export const EnquiriesPageSchema = z.object({
  enquiries: z.array(EnquirySchema),
  pagination: z.object({ page: z.number(), totalPages: z.number(), totalItems: z.number() }),
  openCount: z.number(),
  flaggedCount: z.number(),
  emailEnabled: z.boolean(),
});

/** `GET /api/admin/enquiries` answer. */
export type EnquiriesPage = z.infer<typeof EnquiriesPageSchema>;

/** An enquiry's id, as the worker makes them (a random UUID). */
const EnquiryIdSchema = z.uuid("must be an enquiry id");

/**
 * `POST /api/admin/enquiries/delete` body: the enquiries to delete by id (1 to ENQUIRIES_PAGE_SIZE: a page's worth,
 * which keeps the body within the admin calls' 1 KB), or every flagged one not yet handled (`{flagged: true}`).
 */
export const EnquiriesDeleteSchema = z.union([
  z.strictObject({ ids: z.array(EnquiryIdSchema).check(z.minLength(1), z.maxLength(ENQUIRIES_PAGE_SIZE)) }),
  z.strictObject({ flagged: z.literal(true) }),
]);

/** `POST /api/admin/enquiries/delete` body. */
export type EnquiriesDelete = z.infer<typeof EnquiriesDeleteSchema>;

/** `POST /api/admin/enquiries/delete` answer: how many were deleted (ids already gone are not counted). */
export const EnquiriesDeletedSchema = z.object({ success: z.boolean(), message: z.string(), deleted: z.number() });

/** `POST /api/admin/enquiries/delete` answer. */
export type EnquiriesDeleted = z.infer<typeof EnquiriesDeletedSchema>;
