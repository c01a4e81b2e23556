/** What decides which optional parts are off: the config's email binding, the worker's secrets, the admin panel's hook, the build's Turnstile site key. */
export type OffContext = { sendEmail: boolean; secrets: readonly string[]; panelHook: boolean; turnstileSiteKey: boolean };

/**
 * The optional parts a deploy leaves off, one line each with how to turn it on (docs/deploy.md); none of them is needed
 * for the site to work, and none blocks a deploy.
 */
export function whatIsOff({ sendEmail, secrets, panelHook, turnstileSiteKey }: OffContext): string[] {
  const off: string[] = [];
  if (!panelHook && !secrets.includes("DEPLOY_HOOK_URL"))
    off.push(
      "Rebuilds after a sync: off (no deploy hook): syncs update the API, not the pages. Paste your Workers Builds deploy hook in /admin, Notion Sync, Rebuilds.",
    );
  if (!sendEmail)
    off.push(
      "Enquiry email: off (wrangler.toml declares no [[send_email]] binding; it needs Email Routing on the account): enquiries are listed in /admin only. docs/deploy.md, Enquiries by email, says how to turn it on.",
    );
  else if (!secrets.includes("ENQUIRY_EMAIL_TO"))
    off.push("Enquiry email: off (ENQUIRY_EMAIL_TO is not set): `npm run deploy -- --secret ENQUIRY_EMAIL_TO` sets it.");
  const turnstileSecret = secrets.includes("TURNSTILE_SECRET");
  if (!turnstileSecret)
    off.push(
      "Turnstile: off: enquiries are checked by the honeypot and the hourly limit only. docs/deploy.md, Turnstile, says how to turn it on.",
    );
  else if (!turnstileSiteKey)
    off.push(
      "Turnstile: TURNSTILE_SECRET is set but this build has no PUBLIC_TURNSTILE_SITE_KEY, so every enquiry is refused: set both or neither (docs/deploy.md, Turnstile).",
    );
  return off;
}
