import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SyncRun } from "#contract/sync-runs";
import { $syncStatus } from "./sync-store";
import SyncStatusCard from "./SyncStatusCard";

const NOW = Date.parse("2026-01-01T04:30:00Z");
const rebuild = (startedAt: string): SyncRun => ({
  kind: "rebuild",
  target: "table:notion_posts",
  startedAt,
  finishedAt: startedAt,
  ok: true,
  message: "Deploy hook answered 202 Accepted",
});
const status = (patch: object) => ({ lastSync: null, lastRebuild: null, syncing: false, ...patch });
/** The rendered card as text, tags dropped, with the given store state. */
function cardText(state: Parameters<typeof $syncStatus.set>[0]): string {
  $syncStatus.set(state);
  const html = renderToString(<SyncStatusCard />);
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}
const NOT_CONFIGURED =
  "Rebuilds are not configured: syncs update the API, but the public site is never rebuilt. Paste your Workers Builds deploy hook under Rebuilds below, then run a sync.";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  $syncStatus.set({ status: null, build: null, error: null });
});

describe("sync status card", () => {
  it("says rebuilds are not configured and how to fix it instead of 'Never ran' when the worker has no deploy hook", () => {
    const text = cardText({ status: status({ rebuildConfigured: false }), build: { builtAt: "2026-01-01T04:00:00Z" }, error: null });
    expect(text).toContain(`Last rebuild request Not configured ${NOT_CONFIGURED}`);
    expect(text).not.toContain("Last rebuild request Never ran");
  });

  it("treats a status without rebuildConfigured (an older worker) as configured", () => {
    const text = cardText({ status: status({}), build: { builtAt: "2026-01-01T04:00:00Z" }, error: null });
    expect(text).toContain("Last rebuild request Never ran");
    expect(text).not.toContain("Not configured");
    expect(cardText({ status: status({ rebuildConfigured: true }), build: null, error: null })).toContain("Last rebuild request Never ran");
  });

  it("says a requested build is on its way for 15 minutes, then warns that it has not gone live", () => {
    const builtBefore = { builtAt: "2026-01-01T03:00:00Z" };
    const onItsWay = cardText({ status: status({ lastRebuild: rebuild("2026-01-01T04:20:00Z") }), build: builtBefore, error: null });
    expect(onItsWay).toContain("A newer build was requested and is on its way.");
    expect(onItsWay).not.toContain("has not gone live");

    const overdue = cardText({ status: status({ lastRebuild: rebuild("2026-01-01T04:14:59Z") }), build: builtBefore, error: null });
    expect(overdue).toContain(
      "The build requested more than 15 minutes ago has not gone live. Check your host's build log: the build may have failed or be stuck.",
    );
    expect(overdue).not.toContain("on its way");
    $syncStatus.set({ status: status({ lastRebuild: rebuild("2026-01-01T04:14:59Z") }), build: builtBefore, error: null });
    expect(renderToString(<SyncStatusCard />)).toMatch(/<span class="[^"]*text-oxblood-700[^"]*" data-testid="rebuild-overdue">/);

    const live = cardText({
      status: status({ lastRebuild: rebuild("2026-01-01T04:00:00Z") }),
      build: { builtAt: "2026-01-01T04:03:00Z" },
      error: null,
    });
    expect(live).not.toContain("on its way");
    expect(live).not.toContain("has not gone live");
  });
});
