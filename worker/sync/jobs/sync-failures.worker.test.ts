import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import type { SyncRuns, SyncStatus } from "#contract/sync-runs";
import { adminFetch } from "../../test/admin";
import { control, NOTION, startAndWait, syncSchemas, syncTable } from "../../test/notion-sync";

const TOYS_QUERY = "/query";
const NIGHTLY = "the nightly sync at 04:00 UTC tries again (or start the sync again in the admin panel once Notion answers)";

/** The JSON lines the worker logged through `console.error`. */
let logged: ReturnType<typeof vi.spyOn>;
const loggedEvents = () => logged.mock.calls.map((call: unknown[]) => JSON.parse(call[0] as string) as Record<string, unknown>);

beforeAll(async () => {
  await control("reset");
  expect((await syncSchemas()).success).toBe(true);
}, 60_000);
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await control("faults", undefined, "DELETE");
});

/**
 * Sync Data of Vintage Toys with Notion answering its query `fault` every time, then the words of its failure wherever
 * the operator meets them: the run as the admin panel follows it (its toast), the sync history, the sync status card,
 * and the worker's JSON log line. Each must be `expected`, and none the workflow engine's own.
 */
async function failedTableSync(fault: Record<string, unknown>, expected: string): Promise<void> {
  await control("faults", { times: 1000, path: TOYS_QUERY, ...fault });
  const outcome = await syncTable("Vintage Toys");
  expect(outcome.run).toMatchObject({ ok: false, message: expected, error: expected });
  const history = await (await adminFetch(`${ADMIN_PATHS.syncRuns}?limit=1`)).json<SyncRuns>();
  expect(history.runs[0]).toMatchObject({ id: outcome.body.runId, ok: false, message: expected, error: expected });
  const status = await (await adminFetch(ADMIN_PATHS.syncStatus)).json<SyncStatus>();
  expect(status.lastSync).toMatchObject({ ok: false, message: expected });
  expect(loggedEvents()).toContainEqual(
    expect.objectContaining({ event: "sync_table_failed", table: "notion_vintage_toys", error: expected }),
  );
  const stored = await env.DB.prepare(
    "SELECT group_concat(message || ' ' || COALESCE(error, ''), ' ') AS all_text FROM sync_runs",
  ).first<string>("all_text");
  expect(stored).not.toMatch(/Workflow instance|NonRetryableError|Aborting engine/);
}

describe("a sync Notion fails records words that name the cause and the fix, the same everywhere", { timeout: 60_000 }, () => {
  it("401: the token is wrong or revoked, and where to replace the NOTION_TOKEN secret", async () => {
    await failedTableSync(
      { status: 401, message: "API token is invalid." },
      "Notion refused the integration's token (401 unauthorized: API token is invalid): the token is wrong or was revoked. " +
        "Fix: copy the integration's secret from https://www.notion.so/profile/integrations and store it as the NOTION_TOKEN secret, " +
        "in the Cloudflare dashboard (Workers & Pages → the catalogue's worker → Settings → Variables and Secrets) or with `npx wrangler secret put NOTION_TOKEN`.",
    );
  });

  it("401 on the full sync's first request: the run itself ends in the same words, and its log line says so", async () => {
    await control("faults", { status: 401, times: 1000, message: "API token is invalid." });
    const outcome = await startAndWait(ADMIN_PATHS.syncAll);
    const expected = expect.stringMatching(
      /^Notion refused the integration's token \(401 unauthorized: API token is invalid\): the token is wrong or was revoked\. Fix: /,
    );
    expect(outcome.run).toMatchObject({ ok: false, message: expected });
    expect(loggedEvents()).toContainEqual(expect.objectContaining({ event: "sync_failed", kind: "full", error: expected }));
  });

  it("403: the integration lacks a capability", async () => {
    await failedTableSync(
      { status: 403, code: "restricted_resource", message: "API token does not have access to this resource." },
      "Notion refused the integration access (403 restricted_resource: API token does not have access to this resource): the integration lacks a capability. " +
        "Fix: at https://www.notion.so/profile/integrations, give the integration the Read content capability (setting up the catalogue also needs Insert content and Update content).",
    );
  });

  it("404 object_not_found: the database is not shared with the integration, or was deleted", async () => {
    await failedTableSync(
      {
        status: 404,
        message: "Could not find database with ID: 7e57. Make sure the relevant pages and databases are shared with your integration.",
      },
      'Notion could not find the database "Vintage Toys" (404 object_not_found: Could not find database with ID: 7e57. Make sure the relevant pages and databases are shared with your integration): ' +
        "it is not shared with the integration, or it was deleted. Fix: share it with the integration (its ••• menu → Connections), or restore it from Notion's trash.",
    );
  });

  it("429 past the wait a run allows: Notion still asking to slow down, and when the run tries again", async () => {
    await failedTableSync(
      { status: 429, retryAfter: 1200 },
      `Notion kept asking to slow down (429 rate_limited: ${new URL(NOTION).host} is rate limiting the sync: it asked to wait 1200 s before the next request (429 Retry-After), longer than the 15 minutes a sync run waits). ` +
        `Fix: nothing to do in Notion: ${NIGHTLY}.`,
    );
  });

  it("503 and 529 after every retry: Notion unavailable, and when the run tries again", async () => {
    await failedTableSync(
      { status: 503 },
      `Notion was unavailable (503 service_unavailable: Notion is unavailable, please try again later), however often it was asked. Fix: nothing to do: ${NIGHTLY}.`,
    );
    await control("faults", undefined, "DELETE");
    await failedTableSync(
      { status: 529 },
      `Notion was unavailable (529 service_overload: Notion is overloaded right now, please try again later), however often it was asked. Fix: nothing to do: ${NIGHTLY}.`,
    );
  });

  it("400 validation_error: the database and the property Notion names", async () => {
    await failedTableSync(
      { status: 400, code: "validation_error", message: "Could not find property with name or id: Price." },
      'Notion refused a request about the database "Vintage Toys", naming the property Price (400 validation_error: Could not find property with name or id: Price). ' +
        "Fix: check Price in Notion (renamed, retyped or deleted since the last schema sync?), then run Sync Notion Schemas in the admin panel (Notion Sync) and sync again.",
    );
  });
});
