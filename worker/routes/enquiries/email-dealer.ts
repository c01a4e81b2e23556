/** Sends the dealer's emails through the `send_email` binding ENQUIRY_EMAIL, when email is on (ENQUIRY_EMAIL_TO and the binding). */
import type { PriceFormat } from "#contract/price-format";
import type { Features } from "#contract/site-settings";
import { enquiryEmail, floodSummaryEmail, type DealerEmail, type EnquiryEmailData, type FloodSummary } from "./enquiry-email";
import { logEvent } from "../../lib/log";

/** The `send_email` binding, or null when wrangler.toml declares none (it is optional: worker/optional-bindings.d.ts). */
function emailBinding(env: Env): SendEmail | null {
  return env.ENQUIRY_EMAIL ?? null;
}

/** Whether enquiries are emailed: `on`, or what is missing (the dealer's address, or the binding). */
export function emailState(env: Env): Features["email"] {
  if (!env.ENQUIRY_EMAIL_TO) return "no-address";
  return emailBinding(env) ? "on" : "no-binding";
}

/** The sending address when ENQUIRY_EMAIL_FROM is not set: `enquiries@` the site's own host name. */
function defaultSender(requestUrl: string): string {
  return `enquiries@${new URL(requestUrl).hostname}`;
}

/** Sends what `compose` makes for the dealer; true once the binding accepted it, false when email is off or the send failed (logged). */
async function send(
  env: Env,
  requestUrl: string,
  compose: (route: { origin: string; to: string; from: string }) => DealerEmail,
  log: Record<string, unknown>,
): Promise<boolean> {
  const binding = emailBinding(env);
  const to = env.ENQUIRY_EMAIL_TO;
  if (!to) return false;
  if (!binding) {
    logEvent("enquiry_email_off", {
      ...log,
      message: "ENQUIRY_EMAIL_TO is set but wrangler.toml declares no [[send_email]] binding ENQUIRY_EMAIL (docs/deploy.md)",
    });
    return false;
  }
  try {
    const route = { origin: new URL(requestUrl).origin, to, from: env.ENQUIRY_EMAIL_FROM || defaultSender(requestUrl) };
    await binding.send(compose(route));
    return true;
  } catch (err) {
    logEvent("enquiry_email_failed", { ...log, to, error: err });
    return false;
  }
}

/** Emails the enquiry to ENQUIRY_EMAIL_TO from ENQUIRY_EMAIL_FROM (links pointing at the site the request came to). */
export function emailDealer(env: Env, data: EnquiryEmailData, requestUrl: string, format: PriceFormat): Promise<boolean> {
  return send(env, requestUrl, (route) => enquiryEmail(data, route, format), { enquiry: data.id });
}

/** Emails the dealer that enquiries are coming past the site-wide caps (once a day at most: the caller claims it). */
export function emailFloodSummary(env: Env, summary: FloodSummary, requestUrl: string): Promise<boolean> {
  return send(env, requestUrl, (route) => floodSummaryEmail(summary, route), { summary });
}
