import { atom } from "nanostores";
import { API_PATHS } from "#contract/api-paths";
import { EnquiryAcceptedSchema, EnquiryBodySchema, EnquiryInvalidSchema, enquiryFieldErrors, type EnquiryField } from "#contract/enquiries";
import { ApiErrorSchema } from "#contract/public-api";

/** What the visitor typed (and the hidden item fields, the honeypot and a Turnstile token). */
export type EnquiryInput = {
  category: string;
  itemId: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  website: string;
  turnstileToken?: string;
};

/** The enquiry form: editing, sending, sent (with the worker's thanks), or with errors per field and/or for the whole form. */
export type EnquiryState = {
  status: "editing" | "sending" | "sent";
  fieldErrors: Partial<Record<EnquiryField, string>>;
  error: string | null;
  thanks: string | null;
};

const EDITING: EnquiryState = { status: "editing", fieldErrors: {}, error: null, thanks: null };

/** The one enquiry form of the page (in the dialog or on /enquiry). */
export const $enquiry = atom<EnquiryState>(EDITING);

/** Said when the enquiry could not reach the worker. */
export const OFFLINE_ERROR = "Your enquiry could not be sent: check your connection and try again.";

/** Back to an empty state (the dialog opened again, another item). */
export function resetEnquiry(): void {
  $enquiry.set(EDITING);
}

/** The body sent: the honeypot as typed, an empty phone left out. */
function bodyOf(input: EnquiryInput): Record<string, string> {
  const { phone, turnstileToken, ...rest } = input;
  return { ...rest, ...(phone.trim() ? { phone } : {}), ...(turnstileToken ? { turnstileToken } : {}) };
}

/**
 * Checks the fields with the worker's own schema (each error shown at once, nothing sent while any is wrong), then
 * posts the enquiry: 201 shows the worker's thanks, 400 its errors per field, any other failure its message.
 */
export async function sendEnquiry(input: EnquiryInput, post: typeof fetch = fetch): Promise<void> {
  if ($enquiry.get().status === "sending") return;
  const checked = EnquiryBodySchema.safeParse(bodyOf(input));
  // The honeypot is the worker's to judge: a person never fills it, and a bot must not learn it was spotted.
  const fieldErrors = checked.success ? {} : enquiryFieldErrors(checked.error);
  delete fieldErrors.website;
  if (Object.keys(fieldErrors).length > 0) {
    $enquiry.set({ ...EDITING, fieldErrors });
    return;
  }
  $enquiry.set({ ...EDITING, status: "sending" });
  let res: Response;
  try {
    res = await post(API_PATHS.enquiries, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(bodyOf(input)),
    });
  } catch {
    $enquiry.set({ ...EDITING, error: OFFLINE_ERROR });
    return;
  }
  const answer: unknown = await res.json().catch(() => null);
  if (res.status === 201) {
    const accepted = EnquiryAcceptedSchema.safeParse(answer);
    $enquiry.set({ ...EDITING, status: "sent", thanks: accepted.success ? accepted.data.message : "Thank you for your enquiry." });
    return;
  }
  const invalid = EnquiryInvalidSchema.safeParse(answer);
  if (res.status === 400 && invalid.success && Object.keys(invalid.data.fields).length > 0) {
    $enquiry.set({ ...EDITING, fieldErrors: invalid.data.fields });
    return;
  }
  const failed = ApiErrorSchema.safeParse(answer);
  $enquiry.set({
    ...EDITING,
    error: `Your enquiry was not sent: ${failed.success ? failed.data.error : `the server answered ${res.status}`}`,
  });
}
