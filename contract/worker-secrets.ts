/**
 * Every secret and optional setting the worker reads beyond wrangler.toml's [vars]: the one list `npm run deploy` asks
 * for, generates or checks, `.dev.vars.example` names (and `npm run types` types from it), and docs/deploy.md describes.
 * Add a secret here and to `.dev.vars.example`; `scripts/deploy/secrets-list.test.ts` keeps the two in step.
 */

/**
 * The shortest ADMIN_PASSWORD (in characters) the worker accepts: with a shorter one it refuses every admin call, sign-in
 * included, with 503; `npm run deploy` and `npm start` refuse one too.
 */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/**
 * One value the worker reads. `secret`: stored with `wrangler secret` (never printed); `ask`: typed by the dealer at
 * the first deploy (hidden), `generate`: made at random by `npm run deploy` (the dealer never types it). `check` says
 * why a value is refused, or null.
 */
export type WorkerSecret = {
  name: string;
  required: boolean;
  purpose: string;
  source: "ask" | "generate";
  check?: (value: string) => string | null;
};

const nonBlank = (value: string) => (value.trim() === "" ? "must not be empty" : /\s/.test(value) ? "must not contain spaces" : null);

const httpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === "https:" ? null : "must be an https:// address";
  } catch {
    return "must be an https:// address";
  }
};

const email = (value: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "must be an email address");

/** The secrets, required first, in the order `npm run deploy` asks for them. */
export const WORKER_SECRETS: readonly WorkerSecret[] = [
  {
    name: "NOTION_TOKEN",
    required: true,
    purpose: "the Notion integration's secret (ntn_…), shared with the catalogue's databases",
    source: "ask",
    check: nonBlank,
  },
  {
    name: "ADMIN_PASSWORD",
    required: true,
    purpose: `the admin panel's password, at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
    source: "ask",
    check: (value) => ([...value].length < MIN_ADMIN_PASSWORD_LENGTH ? `must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters` : null),
  },
  {
    name: "BUILD_TOKEN",
    required: true,
    purpose: "what the site build sends as `Authorization: Bearer` on /api/build/*; made at random",
    source: "generate",
    check: nonBlank,
  },
  {
    name: "DEPLOY_HOOK_URL",
    required: false,
    purpose: "the Workers Builds deploy hook the worker calls after a sync, so the site is rebuilt",
    source: "ask",
    check: httpsUrl,
  },
  {
    name: "TURNSTILE_SECRET",
    required: false,
    purpose: "Cloudflare Turnstile's secret key, checking the enquiry form",
    source: "ask",
    check: nonBlank,
  },
  {
    name: "ENQUIRY_EMAIL_TO",
    required: false,
    purpose: "the address enquiries are emailed to",
    source: "ask",
    check: email,
  },
  {
    name: "ENQUIRY_EMAIL_FROM",
    required: false,
    purpose: "the sender address of enquiry emails (on a domain set up for Cloudflare Email Routing)",
    source: "ask",
    check: email,
  },
];
