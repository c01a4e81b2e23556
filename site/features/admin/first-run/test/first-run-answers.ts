import type { FirstRunState, NotionConnection, SetupRun } from "#contract/first-run";

/** The catalogue's page in the first-run tests (32 hex digits, as the worker keeps it). */
export const PAGE = "2b0c1e4f9a8d4c3e8f7a6b5c4d3e2f1a";

/** The first-run state of a site with the steps `done` names done (the rest not), the catalogue step's last run `run`. */
export function firstRun(done: Partial<Record<keyof FirstRunState["steps"], boolean>> = {}, run: SetupRun | null = null): FirstRunState {
  const steps: FirstRunState["steps"] = {
    notion: { done: done.notion ?? false, parentPageId: done.notion ? PAGE : null },
    catalogue: { done: done.catalogue ?? false, run },
    firstSync: { done: done.firstSync ?? false },
    rebuilds: { done: done.rebuilds ?? false, source: done.rebuilds ? "panel" : "none" },
    webhooks: { done: done.webhooks ?? false, state: done.webhooks ? "verified" : "not-set-up" },
  };
  return { done: Object.values(steps).every((s) => s.done), steps };
}

/** A setup run with the demo under PAGE, just started, with `over` changed. */
export const setupRun = (over: Partial<SetupRun> = {}): SetupRun => ({
  id: 3,
  kind: "create",
  demo: true,
  parentPageId: PAGE,
  startedAt: "2026-01-01T10:00:00.000Z",
  finishedAt: null,
  ok: null,
  phase: "Starting",
  databasesDone: 0,
  databasesTotal: 12,
  pagesDone: 0,
  pagesTotal: 80,
  lines: [],
  message: null,
  ...over,
});

/** The Notion connection: the token's integration, PAGE shared (and any `over`). */
export const notionConnection = (over: Partial<NotionConnection> = {}): NotionConnection => ({
  integration: { name: "Catalogue", workspace: "Antique Coin-Op" },
  parent: null,
  parentProblem: null,
  pages: [{ id: PAGE, title: "Antique Coin-Op", url: `https://www.notion.so/Antique-Coin-Op-${PAGE}` }],
  more: false,
  ...over,
});
