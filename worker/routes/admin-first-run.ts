import { isFullPage, type Client, type PageObjectResponse } from "@notionhq/client";
import { Hono } from "hono";
import { findingLine, foundLine } from "#contract/notion-check";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import {
  StartSetupBodySchema,
  type CatalogueChecked,
  type FirstRunState,
  type NotionConnection,
  type SetupRun,
  type SharedPage,
} from "#contract/first-run";
import { parentPage } from "#workspace/setup/parent-page";
import { SetupError } from "#workspace/setup/setup-error";
import type { AppEnv } from "../app-env";
import { cataloguePublished } from "../data/catalogue-status";
import { latestSetupRun, recordCheckRun, SetupRunningError } from "../data/setup-runs";
import { readSetting } from "../data/site-settings";
import { readStatus } from "../data/webhook-subscription";
import { fail } from "../lib/errors";
import { normaliseNotionId } from "../lib/notion-id";
import { notionRun } from "../notion/client";
import { checkCatalogue } from "../sync/setup/catalogue-check";
import { NoParentPageError, settleSetupRun, startSetup } from "../sync/setup/start-setup";
import { deployHook } from "../sync/publish/rebuild";
import { guarded } from "./lib/guarded";
import { validate } from "./lib/validate";
import { ADMIN_BODY_LIMIT, limitBody } from "../middleware/body-limit";

/** Pages Notion's search lists at most for the card (one request: the most recently edited). */
const PAGES_LISTED = 100;

/**
 * `/api/admin/first-run`: the first-run card. `GET /` each step's state from what the worker keeps (no Notion request);
 * `GET /notion` the token tried and the pages shared with the integration; `POST /setup {demo}` "Create the catalogue
 * under this page" as a SETUP workflow run; `POST /check` "Use my databases", the workspace check recorded as a run.
 */
const adminFirstRun = new Hono<AppEnv>();

const sameId = (a: string | null, b: string | null) => a !== null && b !== null && normaliseNotionId(a) === normaliseNotionId(b);

adminFirstRun.get("/", async (c) => {
  const { DB } = c.env;
  const [parentPageId, published, hook, webhook, latest] = await Promise.all([
    readSetting(DB, "notionParentPageId"),
    cataloguePublished(DB),
    deployHook(c.env),
    readStatus(DB),
    latestSetupRun(DB),
  ]);
  const run = latest && (await settleSetupRun(c.env, latest));
  // A sync that published the catalogue shows the connection and the catalogue work, whoever set them up.
  const inOrder = run !== null && run.ok === true && sameId(run.parentPageId, parentPageId);
  const steps: FirstRunState["steps"] = {
    notion: { done: parentPageId !== null || published, parentPageId },
    catalogue: { done: published || inOrder, run },
    firstSync: { done: published },
    rebuilds: { done: hook !== null, source: hook?.source ?? "none" },
    webhooks: { done: webhook.state === "verified", state: webhook.state },
  };
  return c.json<FirstRunState>({ done: Object.values(steps).every((step) => step.done), steps });
});

/** A page as the card lists it: id (32 hex digits), title and link. */
function sharedPage(page: PageObjectResponse): SharedPage {
  const title = Object.values(page.properties).find((p) => p.type === "title");
  return {
    id: page.id.replace(/-/g, "").toLowerCase(),
    title: title?.type === "title" ? title.title.map((t) => t.plain_text).join("") : "",
    url: page.url,
  };
}

/** The pages shared with the integration that may hold the catalogue (not a database's rows), most recently edited first. */
async function sharedPages(notion: Client): Promise<{ pages: SharedPage[]; more: boolean }> {
  const found = await notion.search({
    filter: { property: "object", value: "page" },
    sort: { timestamp: "last_edited_time", direction: "descending" },
    page_size: PAGES_LISTED,
  });
  const pages = found.results.flatMap((result) =>
    isFullPage(result) && !result.in_trash && (result.parent.type === "workspace" || result.parent.type === "page_id")
      ? [sharedPage(result)]
      : [],
  );
  return { pages, more: found.has_more };
}

adminFirstRun.get("/notion", async (c) => {
  const parentPageId = await readSetting(c.env.DB, "notionParentPageId");
  const answer = await guarded("Reading the Notion connection", async (): Promise<NotionConnection> => {
    const { notion } = notionRun(c.env);
    const me = await notion.users.me({});
    let parent: NotionConnection["parent"] = null;
    let parentProblem: string | null = null;
    if (parentPageId) {
      try {
        const page = await parentPage(notion, parentPageId);
        parent = { id: page.id.replace(/-/g, "").toLowerCase(), title: page.title };
      } catch (err) {
        if (!(err instanceof SetupError)) throw err;
        parentProblem = err.message;
      }
    }
    const workspace = me.type === "bot" && "workspace_name" in me.bot ? (me.bot.workspace_name ?? null) : null;
    return { integration: { name: me.name ?? "", workspace }, parent, parentProblem, ...(await sharedPages(notion)) };
  });
  return c.json<NotionConnection>(answer);
});

/** The kept page, or 400 saying to choose one first. */
async function keptPage(db: D1Database): Promise<string> {
  const parentPageId = await readSetting(db, "notionParentPageId");
  if (!parentPageId) fail(400, new NoParentPageError().message);
  return parentPageId;
}

adminFirstRun.post("/setup", limitBody(ADMIN_BODY_LIMIT), validate("json", StartSetupBodySchema), async (c) => {
  await keptPage(c.env.DB);
  try {
    return c.json<{ run: SetupRun }>({ run: await startSetup(c.env, c.req.valid("json").demo) }, 202);
  } catch (err) {
    if (err instanceof SetupRunningError) fail(409, err.message);
    if (err instanceof NoParentPageError) fail(400, err.message);
    throw err;
  }
});

adminFirstRun.post("/check", async (c) => {
  const parentPageId = await keptPage(c.env.DB);
  const check = await guarded("The workspace check", () => checkCatalogue(c.env, parentPageId));
  const found = check.databases.filter((db) => db.foundBy !== null).length;
  const n = check.findings.length;
  const run = await recordCheckRun(c.env.DB, {
    parentPageId,
    ok: check.ok,
    databasesFound: found,
    lines: [...check.databases.map((db) => foundLine(db.title, db.foundBy)), ...check.findings.map(findingLine)],
    message: check.ok
      ? `All ${NOTION_LAYOUT.length} databases the site reads are shared with the integration, each with every property it needs. Next: the first sync.`
      : `${n} ${n === 1 ? "problem" : "problems"}: until fixed, the site misses what ${n === 1 ? "it names" : "they name"}. Fix ${n === 1 ? "it" : "them"} in Notion (or create the catalogue under this page instead), then check again.`,
  });
  return c.json<CatalogueChecked>({ run, check });
});

export default adminFirstRun;
