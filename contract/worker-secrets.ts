/**
 * Every secret and optional setting the worker reads beyond wrangler.toml's [vars]: the one list `npm run deploy` asks
 * for or checks and docs/deploy.md describes. The required ones are `.dev.vars.example`, which the Deploy to Cloudflare
 * button asks for (described in package.json's `cloudflare.bindings`); the optional ones are
 * `worker/optional-secrets.example`, which only `npm run types` reads. `scripts/deploy/secrets-list.test.ts` keeps the
 * three in step.
 */

import { hookUrlProblem } from "./rebuild-hook.ts";

/**
 * The shortest ADMIN_PASSWORD (in characters) the worker accepts: with a shorter one it refuses every admin call, sign-in
 * included, with 503; `npm run deploy` and `npm start` refuse one too.
 */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/**
 * One value the worker reads, stored with `wrangler secret` (never printed). `check` says why a value is refused, or
 * null; `askedFirst: false` keeps an optional one out of a first deploy's questions (it is set another way).
 */
export type WorkerSecret = {
  name: string;
  required: boolean;
  purpose: string;
  check?: (value: string) => string | null;
  askedFirst?: boolean;
};

const nonBlank = (value: string) => (value.trim() === "" ? "must not be empty" : /\s/.test(value) ? "must not contain spaces" : null);

const email = (value: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : "must be an email address");

/** The secrets, required first, in the order `npm run deploy` asks for them. */
export const WORKER_SECRETS: readonly WorkerSecret[] = [
  {
    name: "NOTION_TOKEN",
    required: true,
    purpose: "the API token of your Notion internal connection (ntn_…), the connection added to the catalogue's page",
    check: nonBlank,
  },
  {
    name: "ADMIN_PASSWORD",
    required: true,
    purpose: `the admin panel's password, at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
    check: (value) => ([...value].length < MIN_ADMIN_PASSWORD_LENGTH ? `must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters` : null),
  },
  {
    name: "DEPLOY_HOOK_URL",
    required: false,
    purpose:
      "the Workers Builds deploy hook the worker calls after a sync; paste it in the admin panel instead (Notion Sync, Rebuilds), which wins over this",
    check: hookUrlProblem,
    askedFirst: false,
  },
  {
    name: "TURNSTILE_SECRET",
    required: false,
    purpose: "Cloudflare Turnstile's secret key, checking the enquiry form",
    check: nonBlank,
  },
  {
    name: "ENQUIRY_EMAIL_TO",
    required: false,
    purpose: "the address enquiries are emailed to",
    check: email,
  },
  {
    name: "ENQUIRY_EMAIL_FROM",
    required: false,
    purpose: "the sender address of enquiry emails (on a domain set up for Cloudflare Email Routing)",
    check: email,
  },
];
