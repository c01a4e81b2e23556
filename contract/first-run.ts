import * as z from "zod/mini";
import { NotionCheckSchema } from "./admin-api.ts";
import { RebuildHookSourceSchema } from "./rebuild-hook.ts";
import { WebhookStateNameSchema } from "./webhook-status.ts";

/** The first-run card's steps, in the order the operator takes them. */
export const FIRST_RUN_STEPS = ["notion", "catalogue", "firstSync", "rebuilds", "webhooks"] as const;

/** One step of the first-run card. */
export type FirstRunStepName = (typeof FIRST_RUN_STEPS)[number];

/**
 * One run of "Create the catalogue under this page" (`create`, a SETUP workflow run) or "Use my databases" (`check`,
 * the workspace check): the page, whether the demo was asked for, when it ran, `ok` (null while it runs: every database
 * in order, nothing left to fix), what it does or did last (`phase`), databases and demo pages in Notion so far of how
 * many, one line per database and per problem with its fix, and its outcome in words (`message`).
 */
const SetupRunSchema = z.object({
  id: z.number(),
  kind: z.enum(["create", "check"]),
  demo: z.boolean(),
  parentPageId: z.string(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  ok: z.nullable(z.boolean()),
  phase: z.string(),
  databasesDone: z.number(),
  databasesTotal: z.number(),
  pagesDone: z.number(),
  pagesTotal: z.number(),
  lines: z.array(z.string()),
  message: z.nullable(z.string()),
});

/** One setup run of the first-run card. */
export type SetupRun = z.infer<typeof SetupRunSchema>;

/**
 * `GET /api/admin/first-run` answer: each step done or not, worked out from what the worker keeps (never a flag the
 * card sets), and `done` once every step is: the Notion connection (the catalogue's page kept), the catalogue in Notion
 * (its last setup run or check under that page in order), the first sync (a sync published the catalogue), rebuilds (a
 * deploy hook in use) and webhooks (a signed event verified the subscription).
 */
export const FirstRunStateSchema = z.object({
  done: z.boolean(),
  steps: z.object({
    notion: z.object({ done: z.boolean(), parentPageId: z.nullable(z.string()) }),
    catalogue: z.object({ done: z.boolean(), run: z.nullable(SetupRunSchema) }),
    firstSync: z.object({ done: z.boolean() }),
    rebuilds: z.object({ done: z.boolean(), source: RebuildHookSourceSchema }),
    webhooks: z.object({ done: z.boolean(), state: WebhookStateNameSchema }),
  }),
});

/** `GET /api/admin/first-run` answer. */
export type FirstRunState = z.infer<typeof FirstRunStateSchema>;

/** A page shared with the integration, as Notion's search lists it: its id (32 hex digits), title and link. */
const SharedPageSchema = z.object({ id: z.string(), title: z.string(), url: z.string() });

/** A page shared with the integration. */
export type SharedPage = z.infer<typeof SharedPageSchema>;

/**
 * `GET /api/admin/first-run/notion` answer: the integration the token belongs to (so the token answers), the
 * catalogue's page the worker keeps as Notion shows it now (or why it cannot be used: `parentProblem`), and the pages
 * shared with the integration that are not rows of a database, most recently edited first (Notion's search, which lags
 * behind a page shared a moment ago: the card also takes a pasted link); `more` when Notion had more than it lists.
 */
export const NotionConnectionSchema = z.object({
  integration: z.object({ name: z.string(), workspace: z.nullable(z.string()) }),
  parent: z.nullable(z.object({ id: z.string(), title: z.string() })),
  parentProblem: z.nullable(z.string()),
  pages: z.array(SharedPageSchema),
  more: z.boolean(),
});

/** `GET /api/admin/first-run/notion` answer. */
export type NotionConnection = z.infer<typeof NotionConnectionSchema>;

/** `POST /api/admin/first-run/setup` body: create the catalogue under the kept page, with the demo's items or empty. */
export const StartSetupBodySchema = z.object({ demo: z.boolean() });

/** `POST /api/admin/first-run/setup` answer (202): the run started, followed at `GET /api/admin/first-run`. */
export const SetupStartedSchema = z.object({ run: SetupRunSchema });

/** `POST /api/admin/first-run/check` answer: the check as the recorded run and as the workspace check card shows it. */
export const CatalogueCheckedSchema = z.object({ run: SetupRunSchema, check: NotionCheckSchema });

/** `POST /api/admin/first-run/check` answer. */
export type CatalogueChecked = z.infer<typeof CatalogueCheckedSchema>;

/** How many steps of the card are done. */
export const stepsDone = (state: FirstRunState) => FIRST_RUN_STEPS.filter((name) => state.steps[name].done).length;
