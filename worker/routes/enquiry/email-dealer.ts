/** Sends the dealer the email about a stored enquiry through the `send_email` binding, when ENQUIRY_EMAIL_TO is set. */
import { EmailMessage } from "cloudflare:email";
import { enquiryEmail, type EnquiryEmailData } from "./enquiry-email";
import { logEvent } from "../../lib/log";

/** The sending address when ENQUIRY_EMAIL_FROM is not set: `enquiries@` the site's own host name. */
function defaultSender(requestUrl: string): string {
  return `enquiries@${new URL(requestUrl).hostname}`;
}

/**
 * Emails the enquiry to ENQUIRY_EMAIL_TO from ENQUIRY_EMAIL_FROM (links pointing at the site the request came to).
 * True once the binding accepted it; false when email is off or the send failed (logged, never thrown).
 */
export async function emailDealer(env: Env, data: EnquiryEmailData, requestUrl: string): Promise<boolean> {
  const to = env.ENQUIRY_EMAIL_TO;
  if (!to) return false;
  const from = env.ENQUIRY_EMAIL_FROM || defaultSender(requestUrl);
  try {
    const raw = enquiryEmail(data, { origin: new URL(requestUrl).origin, to, from });
    await env.ENQUIRY_EMAIL.send(new EmailMessage(from, to, raw));
    return true;
  } catch (err) {
    logEvent("enquiry_email_failed", { enquiry: data.id, to, error: err });
    return false;
  }
}
