/**
 * Notion's failures in the words the operator reads wherever one shows (the sync history, the sync status card, the
 * admin panel's toasts, the worker's JSON log line, `npm run notion:setup` and `notion:check`): what went wrong, in
 * Notion's own terms, then what to do about it.
 */

/** A failure Notion answered: its HTTP status (0: Notion could not be reached), its error code and its own message. */
export type NotionFailure = { status: number; code: string; message: string };

/** When the work runs again by itself: a sync run (the nightly sync), a webhook batch (tried again within minutes), or a command (run by hand). */
export type NextTry = "nightly" | "webhook" | "command";

/** What the words may name: the database the request was about, and what runs again. */
export type FailureContext = { database?: string | null; nextTry?: NextTry };

/** Where an integration's secret and capabilities are kept. */
const INTEGRATIONS = "https://www.notion.so/profile/integrations";

/** The nightly full sync (the worker's cron). */
export const NIGHTLY_SYNC = "the nightly sync at 04:00 UTC";

const again = (nextTry: NextTry | undefined) =>
  nextTry === "webhook"
    ? `the batch is tried again within minutes, and ${NIGHTLY_SYNC} catches up`
    : nextTry === "command"
      ? "run the command again in a few minutes"
      : nextTry === "nightly"
        ? `${NIGHTLY_SYNC} tries again (or start the sync again in the admin panel once Notion answers)`
        : "try again in a few minutes";

const sentence = (text: string) => text.replace(/\.?$/, ".");

/** The property a validation_error names, as Notion words one: `body.properties.Price…`, `Price is not a property that exists`, `property with name or id: Price`. */
function propertyNamed(message: string): string | null {
  const found =
    /body\.properties\.([^.\s`"]+)/.exec(message) ??
    /^(.+?) is not a property that exists/.exec(message) ??
    /property with (?:name or id|id|name):?\s*[`"]?([^`".]+)[`"]?/i.exec(message) ??
    /property [`"]([^`"]+)[`"]/i.exec(message);
  return found?.[1]?.trim() || null;
}

/**
 * The operator's words for a failure Notion answered: its cause with Notion's status, code and message, then the fix.
 * 401: the token; 403: a capability; 404: a database not shared or deleted; 429: Notion still asking to slow down;
 * 5xx (and 529): Notion unavailable, and when the work runs again; 400 validation_error: the database and property named.
 */
export function notionFailureText(failure: NotionFailure, context: FailureContext = {}): string {
  const said = failure.status
    ? `(${failure.status} ${failure.code}: ${sentence(failure.message).slice(0, -1)})`
    : `(${sentence(failure.message).slice(0, -1)})`;
  const database = context.database ? `the database "${context.database}"` : null;
  if (failure.status === 401)
    return (
      `Notion refused the integration's token ${said}: the token is wrong or was revoked. Fix: copy the integration's ` +
      `secret from ${INTEGRATIONS} and store it as the NOTION_TOKEN secret, in the Cloudflare dashboard (Workers & Pages → ` +
      "the catalogue's worker → Settings → Variables and Secrets) or with `npx wrangler secret put NOTION_TOKEN`."
    );
  if (failure.status === 403)
    return (
      `Notion refused the integration access ${said}: the integration lacks a capability. Fix: at ${INTEGRATIONS}, give ` +
      "the integration the Read content capability (setting up the catalogue also needs Insert content and Update content)."
    );
  if (failure.status === 404)
    return (
      `Notion could not find ${database ?? "a page or database the catalogue needs"} ${said}: it is not shared with the ` +
      "integration, or it was deleted. Fix: share it with the integration (its ••• menu → Connections), or restore it " +
      "from Notion's trash."
    );
  if (failure.status === 429) return `Notion kept asking to slow down ${said}. Fix: nothing to do in Notion: ${again(context.nextTry)}.`;
  if (failure.status === 0 || failure.status >= 500)
    return `Notion was unavailable ${said}, however often it was asked. Fix: nothing to do: ${again(context.nextTry)}.`;
  if (failure.code === "validation_error") {
    const property = propertyNamed(failure.message);
    const where = database ?? "a database of the catalogue";
    return (
      `Notion refused a request about ${where}${property ? `, naming the property ${property}` : ""} ${said}. Fix: ` +
      `${property ? `check ${property} in Notion (renamed, retyped or deleted since the last schema sync?), then ` : ""}` +
      "run Sync Notion Schemas in the admin panel (Notion Sync) and sync again."
    );
  }
  return `Notion refused a request ${said}.`;
}
