import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../lib/ports.ts";
import { startNotionServer, type NotionServer } from "../notion-server/server.ts";
import { emptyWorkspace } from "../notion-server/workspace.ts";
import { runCheck } from "#workspace/setup/run-check";
import { runSetup } from "#workspace/setup/run-setup";
import { SetupError } from "#workspace/setup/setup-error";
import { readDemoImage } from "../lib/demo-workspace.ts";
import { parseCheckArgs, parseSetupArgs } from "./args.ts";
import { notionClient, notionEnv } from "./client.ts";
import { explain } from "./errors.ts";

let server: NotionServer;

beforeAll(async () => {
  server = await startNotionServer({ workspace: emptyWorkspace() });
});
afterAll(() => server.close());

/** The message a command prints for how `work` failed. */
async function failure(work: Promise<unknown>, baseUrl = server.url): Promise<string | undefined> {
  const error = await work.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  return explain(error, baseUrl);
}

const client = (token = server.token, baseUrl = server.url) => notionClient({ token, baseUrl }, { requestsPerSecond: 0, maxRetries: 0 });

describe("notion:setup and notion:check fail early, saying how to fix it", () => {
  it("without NOTION_TOKEN, or with NOTION_API_URL not an address", () => {
    expect(() => notionEnv({})).toThrow(
      /^NOTION_TOKEN is not set\. Create an internal integration at https:\/\/www\.notion\.so\/profile\/integrations/,
    );
    expect(() => notionEnv({ NOTION_TOKEN: "x", NOTION_API_URL: "api.notion.com" })).toThrow(SetupError);
    expect(notionEnv({ NOTION_TOKEN: " secret " })).toEqual({ token: "secret", baseUrl: "https://api.notion.com" });
    expect(notionEnv({ NOTION_TOKEN: "secret", NOTION_API_URL: "http://127.0.0.1:8790/" })).toEqual({
      token: "secret",
      baseUrl: "http://127.0.0.1:8790",
    });
  });

  it("without --parent, with an unknown argument, or a --parent that is no page id or link", async () => {
    expect(() => parseSetupArgs([])).toThrow(/^Which page should the databases go under\? Give --parent\./);
    expect(() => parseSetupArgs(["--parent", "x", "--wipe"])).toThrow(/^Unknown argument --wipe\./);
    expect(parseSetupArgs(["--parent=https://www.notion.so/Shop-1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6?pvs=4", "--demo"])).toEqual({
      parent: "https://www.notion.so/Shop-1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6?pvs=4",
      demo: true,
    });
    expect(parseSetupArgs(["--help"])).toBeNull();
    expect(parseCheckArgs([])).toEqual({});
    expect(parseCheckArgs(["--parent", "1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6"])).toEqual({ parent: "1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6" });
    expect(() => parseCheckArgs(["--demo"])).toThrow(/^Unknown argument --demo\./);
    expect(await failure(runSetup({ notion: client(), demoImage: readDemoImage }, { parent: "my shop", demo: false }, () => {}))).toBe(
      "my shop is neither a page id nor a page URL: copy the page's link in Notion (••• → Copy link).",
    );
  });

  it("a parent page the integration cannot see, given by id or by link", async () => {
    const missing = "https://www.notion.so/Shop-1a2b3c4d5e6f47a8b9c0d1e2f3a4b5c6";
    expect(await failure(runSetup({ notion: client(), demoImage: readDemoImage }, { parent: missing, demo: false }, () => {}))).toBe(
      "The integration cannot see the page 1a2b3c4d-5e6f-47a8-b9c0-d1e2f3a4b5c6: it does not exist or is not shared with the integration. " +
        "In Notion, open the page, choose ••• → Connections and add your integration, then try again.",
    );
  });

  it("a token Notion refuses (401) and a 429 that lasts, in the words the admin panel and the sync history use, and a server that does not answer", async () => {
    expect(await failure(runCheck(client("wrong"), {}, () => {}))).toBe(
      "Notion refused the integration's token (401 unauthorized: API token is invalid): the token is wrong or was revoked. " +
        "Fix: copy the integration's secret from https://www.notion.so/profile/integrations and store it as the NOTION_TOKEN secret, " +
        "in the Cloudflare dashboard (Workers & Pages → the catalogue's worker → Settings → Variables and Secrets) or with `npx wrangler secret put NOTION_TOKEN`." +
        `\nThis command reads it from NOTION_TOKEN, for the server at NOTION_API_URL (${server.url}).`,
    );
    server.injectFault({ status: 429, path: "/v1/search", retryAfter: 0 });
    expect(await failure(runCheck(client(), {}, () => {}))).toBe(
      "Notion kept asking to slow down (429 rate_limited: This request exceeds the number of requests allowed. Slow down and try again). " +
        "Fix: nothing to do in Notion: run the command again in a few minutes.",
    );
    server.injectFault({ status: 403, path: "/v1/search", code: "restricted_resource" });
    expect(await failure(runCheck(client(), {}, () => {}))).toMatch(
      /^Notion refused the integration access \(403 restricted_resource: .*\): the integration lacks a capability\. Fix: /,
    );
    // A free port nothing listens on.
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(
      await failure(
        runCheck(client(server.token, closed), {}, () => {}),
        closed,
      ),
    ).toBe(`Could not reach Notion at ${closed} (ECONNREFUSED). Check NOTION_API_URL and the network.`);
  });
});
