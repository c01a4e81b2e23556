import type { Features } from "#contract/site-settings";

/** An optional part of the site, as the Settings tab shows it: whether it is on, what that means, and how to turn it on. */
export type OptionalPart = {
  id: "email" | "turnstile";
  name: string;
  state: "on" | "off" | "half";
  /** What the visitor or the dealer gets as things stand. */
  says: string;
  /** The steps that turn it on (none when it is on). */
  steps: string[];
};

const EMAIL_STEPS = [
  "In the Cloudflare dashboard, turn on Email Routing for your site's domain and add the address that should receive enquiries (Cloudflare emails it a link to verify).",
  'In wrangler.toml of your repository, declare the email binding: a [[send_email]] block with name = "ENQUIRY_EMAIL". The next deploy picks it up.',
  "Set the worker's ENQUIRY_EMAIL_TO to that verified address (dashboard: Workers & Pages, your worker, Settings, Variables and Secrets), and ENQUIRY_EMAIL_FROM to an address of your domain if enquiries@ your site's host name will not do.",
];

const TURNSTILE_STEPS = [
  "In the Cloudflare dashboard, open Turnstile and add a widget for your site's host name: it gives a site key and a secret key.",
  "Store the secret key as the worker's secret TURNSTILE_SECRET (Workers & Pages, your worker, Settings, Variables and Secrets).",
  "Set PUBLIC_TURNSTILE_SITE_KEY to the site key in your site's build variables (Workers & Pages, your worker, Settings, Build), then rebuild the site.",
];

/** What the email part says in each state the worker reports. */
function emailPart(email: Features["email"]): OptionalPart {
  const name = "Enquiries by email";
  if (email === "on") return { id: "email", name, state: "on", says: "Each enquiry is emailed to you as it comes.", steps: [] };
  if (email === "no-binding")
    return {
      id: "email",
      name,
      state: "half",
      says: "ENQUIRY_EMAIL_TO is set, but the worker has no email binding: enquiries are only listed in the Enquiries tab.",
      steps: EMAIL_STEPS.slice(1, 2),
    };
  return {
    id: "email",
    name,
    state: "off",
    says: "Enquiries are only listed in the Enquiries tab, not emailed to you.",
    steps: EMAIL_STEPS,
  };
}

/** What the Turnstile part says, from the worker's secret and the site key this build holds. */
function turnstilePart(secret: boolean, siteKey: boolean): OptionalPart {
  const name = "Turnstile (the check that an enquiry comes from a person)";
  if (secret && siteKey) return { id: "turnstile", name, state: "on", says: "Every enquiry passes Cloudflare Turnstile.", steps: [] };
  if (secret)
    return {
      id: "turnstile",
      name,
      state: "half",
      says: "The worker has TURNSTILE_SECRET but the site was built without a site key: the form shows no check, so every enquiry is refused.",
      steps: TURNSTILE_STEPS.slice(2),
    };
  if (siteKey)
    return {
      id: "turnstile",
      name,
      state: "half",
      says: "The form shows the check, but the worker has no TURNSTILE_SECRET, so nothing verifies it.",
      steps: TURNSTILE_STEPS.slice(1, 2),
    };
  return {
    id: "turnstile",
    name,
    state: "off",
    says: "Enquiries are guarded by a hidden trap field and the limits below only, which a determined sender can pass.",
    steps: TURNSTILE_STEPS,
  };
}

/** The optional parts of the site, from what the worker reports and whether this build holds a Turnstile site key. */
export function optionalParts(features: Features, turnstileSiteKey: boolean): OptionalPart[] {
  return [emailPart(features.email), turnstilePart(features.turnstile, turnstileSiteKey)];
}
