import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ENQUIRY_PAGES } from "#contract/api-paths";
import {
  ENQUIRIES_PER_WINDOW,
  ENQUIRY_BODY_LIMIT,
  ENQUIRY_FIELD_ERRORS,
  ENQUIRY_WINDOW_MS,
  EnquiryBodySchema,
  TURNSTILE_FORM_FIELD,
  enquiryFieldErrors,
  enquiryThanks,
  type EnquiryAccepted,
  type EnquiryBody,
  type EnquiryField,
} from "#contract/enquiries";
import type { AppEnv } from "../../app-env";
import { readDealerSettings } from "../../data/dealer-settings";
import { markEmailed, recentEnquiryCounts, storeEnquiry, type StoreOutcome } from "../../data/enquiries";
import { addressHashes, claimFloodSummary } from "../../data/enquiry-guard";
import { readItem } from "../../data/items";
import { clientKey, networkKey } from "../../lib/client-address";
import { emailDealer, emailFloodSummary, emailState } from "./email-dealer";
import { D1_UNAVAILABLE_MESSAGE, fail, isD1Unavailable } from "../../lib/errors";
import { backTo, FORM_FAILURE_HEADERS, formFailurePage } from "./form-failure-page";
import { normaliseNotionId } from "../../lib/notion-id";
import { verifyTurnstile } from "./turnstile";
import { NotSyncedError } from "../../tables/not-synced";
import { isCrossOrigin, isLoopbackClient } from "../../lib/request-checks";
import { limitBody } from "../../middleware/body-limit";
import { logEvent } from "../../lib/log";

/** Invalid fields: 400 with each field's error (JSON `fields`, or listed on the page a plain form post gets). */
class InvalidEnquiry extends Error {
  constructor(readonly fields: Partial<Record<EnquiryField, string>>) {
    super(`Invalid ${Object.keys(fields).join(", ")}`);
  }
}

/** What a Turnstile refusal says on the page of a plain form post, which cannot have run the widget. */
const NEEDS_JAVASCRIPT =
  "This site checks that enquiries come from a person, which needs JavaScript: turn it on and send the form again, or phone or email us (our details are at the foot of every page).";

const isFormPost = (c: Context<AppEnv>) => /^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "");

/** The posted fields: a JSON object, or a plain form's fields (the Turnstile widget's own field name taken as `turnstileToken`). */
async function readFields(c: Context<AppEnv>, form: boolean): Promise<Record<string, unknown>> {
  if (form) {
    // Decoded by hand: workerd warns when .text() reads a body that is not declared as text.
    const params = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
    const fields: Record<string, string> = {};
    for (const [name, value] of params) if (!(name in fields)) fields[name === TURNSTILE_FORM_FIELD ? "turnstileToken" : name] = value;
    return fields;
  }
  const body: unknown = await c.req.json().catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body)) fail(400, "Invalid body: expected a JSON object");
  return body as Record<string, unknown>;
}

/** Checks the Turnstile token when the worker has a secret: a missing or failed token is an invalid field, Siteverify down a 503. */
async function checkTurnstile(c: Context<AppEnv>, body: EnquiryBody): Promise<void> {
  const secret = c.env.TURNSTILE_SECRET;
  if (!secret) return;
  if (!body.turnstileToken) throw new InvalidEnquiry({ turnstileToken: ENQUIRY_FIELD_ERRORS.turnstileToken });
  const outcome = await verifyTurnstile(body.turnstileToken, {
    secret,
    remoteIp: c.req.header("cf-connecting-ip"),
    url: c.env.TURNSTILE_VERIFY_URL,
  });
  if (outcome.ok === "unavailable") {
    logEvent("turnstile_unavailable", { error: outcome.reason });
    fail(503, "The check that you are not a robot cannot be verified right now; try again in a minute.", { "Retry-After": "60" });
  }
  if (!outcome.ok)
    throw new InvalidEnquiry({ turnstileToken: "The check that you are not a robot failed or expired; complete it again and resend." });
}

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
};

/** Answers an enquiry that was not stored: 429 while its address or network is over its hourly limit, 503 when the table is full. */
function refuse(outcome: Exclude<StoreOutcome, { stored: true }>): never {
  if (outcome.reason === "full")
    fail(503, "We cannot take more enquiries just now. Please phone or email us instead (our details are at the foot of every page).", {
      "Retry-After": String(ENQUIRY_WINDOW_MS / 1000),
    });
  const retry = { "Retry-After": String(outcome.retryAfterSeconds) };
  if (outcome.reason === "network")
    fail(429, `Many enquiries have come from your network within the hour. Try again in ${minutesText(outcome.retryAfterSeconds)}.`, retry);
  fail(
    429,
    `You have sent ${ENQUIRIES_PER_WINDOW} enquiries within the hour. Try again in ${minutesText(outcome.retryAfterSeconds)}.`,
    retry,
  );
}

/** Validates, checks, stores and emails an enquiry; a filled honeypot gets the same answer with nothing stored or counted. */
async function accept(c: Context<AppEnv>, form: boolean): Promise<EnquiryAccepted> {
  // Another site's page must not post enquiries through its visitors' browsers (each with its own address to count).
  if (isCrossOrigin(c.req.method, c.req.url, c.req.raw.headers)) fail(403, "Enquiries are accepted only from this site's pages");
  const fields = await readFields(c, form);
  if (typeof fields.website === "string" && fields.website.trim() !== "") {
    return { id: crypto.randomUUID(), message: enquiryThanks(String(fields.email ?? "").slice(0, 254)) };
  }
  const parsed = EnquiryBodySchema.safeParse(fields);
  if (!parsed.success) throw new InvalidEnquiry(enquiryFieldErrors(parsed.error));
  const body = parsed.data;
  await checkTurnstile(c, body);
  const itemId = normaliseNotionId(body.itemId) ?? body.itemId;
  const item = await readItem(c.env.DB, body.category, itemId).catch((err: unknown) => {
    if (err instanceof NotSyncedError) fail(503, err.message);
    throw err;
  });
  if (!item) fail(404, `Item not found: ${body.category}/${itemId}`);
  const address = c.req.header("cf-connecting-ip");
  const client = clientKey(address);
  const enquiry = {
    category: body.category,
    itemId,
    itemTitle: item.title ?? "Untitled item",
    name: body.name,
    email: body.email,
    phone: body.phone || null,
    message: body.message,
  };
  const { settings } = await readDealerSettings(c.env.DB);
  const limits = { perHour: settings.enquiriesPerHour, perDay: settings.enquiriesPerDay, storedMax: settings.enquiriesStoredMax };
  const sender = isLoopbackClient(client) ? null : await addressHashes(c.env.DB, client, networkKey(address));
  const stored = await storeEnquiry(c.env.DB, enquiry, sender, limits);
  if (!stored.stored) refuse(stored);
  if (stored.flagged) {
    // Past a site-wide cap: kept for the admin panel, never emailed one by one; the dealer hears of it once a day.
    if (emailState(c.env) === "on" && (await claimFloodSummary(c.env.DB))) {
      const counts = await recentEnquiryCounts(c.env.DB);
      const summary = { ...counts, perHour: limits.perHour, perDay: limits.perDay };
      logEvent(
        "enquiries_past_caps",
        { ...summary, message: "enquiries past the site-wide caps are stored flagged and not emailed" },
        "warn",
      );
      c.executionCtx.waitUntil(emailFloodSummary(c.env, summary, c.req.url));
    }
    return { id: stored.id, message: enquiryThanks(body.email) };
  }
  // Stored first, so a failed email loses nothing: the enquiry stays listed in the admin panel as not emailed.
  const email = { ...enquiry, id: stored.id, createdAt: stored.createdAt, price: item.price, forSale: item.forSale };
  if (await emailDealer(c.env, email, c.req.url, settings)) await markEmailed(c.env.DB, stored.id, true);
  return { id: stored.id, message: enquiryThanks(body.email) };
}

/** The page a refused plain form post gets, with the status the JSON answer would have had. */
function formFailure(c: Context<AppEnv>, err: unknown): Response {
  let status = 500;
  let problems = ["Something went wrong on our side; please try again later."];
  let headers: Record<string, string> = {};
  if (err instanceof InvalidEnquiry) {
    status = 400;
    problems = Object.entries(err.fields).map(([field, text]) => (field === "turnstileToken" ? NEEDS_JAVASCRIPT : text));
  } else if (err instanceof HTTPException) {
    status = err.status;
    problems = [err.message];
    const retry = err.getResponse().headers.get("Retry-After");
    if (retry) headers = { "Retry-After": retry };
  } else if (isD1Unavailable(err)) {
    status = 503;
    problems = [D1_UNAVAILABLE_MESSAGE];
  } else {
    logEvent("enquiry_form_failed", { error: err });
  }
  return c.html(formFailurePage(problems, backTo(c.req.header("referer"), c.req.url)), status as 400, {
    ...FORM_FAILURE_HEADERS,
    ...headers,
  });
}

/**
 * `POST /api/enquiries`: an enquiry about an item, as JSON (201 `{id, message}`; 400 `{error, fields}`) or as a plain
 * form post from a browser without JavaScript (303 to the thank-you page, or a page saying what went wrong).
 */
const enquiries = new Hono<AppEnv>();

enquiries.post("/", limitBody(ENQUIRY_BODY_LIMIT), async (c) => {
  const form = isFormPost(c);
  try {
    const accepted = await accept(c, form);
    return form ? c.redirect(ENQUIRY_PAGES.thanks, 303) : c.json<EnquiryAccepted>(accepted, 201);
  } catch (err) {
    if (form) return formFailure(c, err);
    if (err instanceof InvalidEnquiry) return c.json({ error: err.message, fields: err.fields }, 400);
    throw err;
  }
});

export default enquiries;
