import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SetupRun } from "#contract/first-run";
import { $toasts } from "../../shell/toasts";
import { fakeAdminApi } from "../shared/test/fake-api";
import { firstRun, notionConnection, PAGE, setupRun } from "./test/first-run-answers";
import {
  $firstRun,
  $firstRunBusy,
  $notionConnection,
  checkMyCatalogue,
  choosePage,
  createCatalogue,
  refreshFirstRun,
  refreshNotionConnection,
} from "./first-run";

const RUN = setupRun();
const CONNECTION = notionConnection({ parent: { id: PAGE, title: "Antique Coin-Op" } });

const lastToast = () => $toasts.get()[0];
const json = (body: unknown, status = 200) => Response.json(body, { status });

// Toasts other files left in the shared worker are not this file's.
beforeEach(() => $toasts.set([]));
afterEach(() => {
  $toasts.set([]);
  $firstRun.set({ state: null, error: null });
  $notionConnection.set({ connection: null, error: null, loading: false });
  vi.unstubAllGlobals();
});

describe("the first-run card's store", () => {
  it("reads the steps, and says once when the last one is done", async () => {
    const answers = [
      firstRun({ notion: true, catalogue: true, firstSync: true, rebuilds: true }),
      firstRun({ notion: true, catalogue: true, firstSync: true, rebuilds: true, webhooks: true }),
    ];
    fakeAdminApi({ "GET /api/admin/first-run": () => json(answers.shift()) });
    await refreshFirstRun();
    expect($firstRun.get().state?.done).toBe(false);
    expect($toasts.get()).toEqual([]);
    await refreshFirstRun();
    expect($firstRun.get()).toMatchObject({ state: { done: true }, error: null });
    expect(lastToast()).toMatchObject({ title: "Your catalogue is set up", variant: "default" });
  });

  it("keeps the last steps and says why when they cannot be read", async () => {
    $firstRun.set({ state: firstRun(), error: null });
    fakeAdminApi({
      "GET /api/admin/first-run": () => json({ error: "The catalogue database is unavailable right now; try again shortly" }, 503),
    });
    await refreshFirstRun();
    expect($firstRun.get()).toEqual({
      state: firstRun(),
      error: '503: {"error":"The catalogue database is unavailable right now; try again shortly"}',
    });
  });

  it("shows the Notion connection, or the worker's words for what Notion answered", async () => {
    fakeAdminApi({ "GET /api/admin/first-run/notion": () => json(CONNECTION) });
    await refreshNotionConnection();
    expect($notionConnection.get()).toEqual({ connection: CONNECTION, error: null, loading: false });
    const words =
      "Notion refused the integration's token (401 unauthorized: API token is invalid): the token is wrong or was revoked. Fix: …";
    fakeAdminApi({ "GET /api/admin/first-run/notion": () => json({ error: words }, 502) });
    await refreshNotionConnection();
    expect($notionConnection.get()).toEqual({ connection: null, error: words, loading: false });
  });

  it("keeps a chosen page (a pasted link trimmed), says so by its title, then reads the connection and the steps again", async () => {
    let busy: string | null = null;
    const api = fakeAdminApi({
      "PUT /api/admin/notion-parent": (body) => {
        busy = $firstRunBusy.get();
        expect(body).toEqual({ page: `https://www.notion.so/Antique-Coin-Op-${PAGE}` });
        return json({ parentPageId: PAGE, title: "Antique Coin-Op" });
      },
      "GET /api/admin/first-run/notion": () => json(CONNECTION),
      "GET /api/admin/first-run": () => json(firstRun({ notion: true })),
    });
    expect(await choosePage(`  https://www.notion.so/Antique-Coin-Op-${PAGE}\n`)).toBe(true);
    expect(busy).toBe("page");
    expect($firstRunBusy.get()).toBeNull();
    expect(lastToast()).toMatchObject({
      title: "Catalogue page chosen",
      description: '"Antique Coin-Op": the catalogue is created under it, and syncs find it there.',
    });
    expect(api.calls.map((c) => c.key)).toEqual([
      "PUT /api/admin/notion-parent",
      "GET /api/admin/first-run",
      "GET /api/admin/first-run/notion",
    ]);
    expect($firstRun.get().state?.steps.notion.done).toBe(true);
  });

  it("says why a page was refused, in the worker's words", async () => {
    const words =
      "The integration cannot see the page 2b0c1e4f-…: it does not exist or is not shared with the integration. In Notion, open the page, choose ••• → Connections and add your integration, then try again.";
    fakeAdminApi({
      "PUT /api/admin/notion-parent": () => json({ error: words }, 400),
      "GET /api/admin/first-run": () => json(firstRun()),
    });
    expect(await choosePage(PAGE)).toBe(false);
    expect(lastToast()).toMatchObject({ title: "Page not chosen", description: words, variant: "destructive" });
  });

  it("starts setup with the demo and follows the run; a run already under way is followed instead", async () => {
    const api = fakeAdminApi({
      "POST /api/admin/first-run/setup": (body) => {
        expect(body).toEqual({ demo: true });
        return json({ run: RUN }, 202);
      },
      "GET /api/admin/first-run": () => json(firstRun({ notion: true }, RUN)),
    });
    await createCatalogue(true);
    expect($firstRun.get().state?.steps.catalogue.run).toEqual(RUN);
    expect($toasts.get()).toEqual([]);
    const running =
      "The catalogue is already being created: its progress shows in the first-run card, and it carries on if you close the page.";
    api.calls.length = 0;
    fakeAdminApi({
      "POST /api/admin/first-run/setup": () => json({ error: running }, 409),
      "GET /api/admin/first-run": () => json(firstRun({ notion: true }, RUN)),
    });
    await createCatalogue(false);
    expect(lastToast()).toMatchObject({ title: "Setup did not start", description: running });
    expect($firstRun.get().state?.steps.catalogue.run).toEqual(RUN);
  });

  it("checks the databases under the page for Use my databases, the outcome read with the steps", async () => {
    const checked: SetupRun = { ...RUN, kind: "check", demo: false, finishedAt: RUN.startedAt, ok: true, message: "All 12 …" };
    const api = fakeAdminApi({
      "POST /api/admin/first-run/check": () =>
        json({ run: checked, check: { ok: true, findings: [], databases: [], parentPageId: PAGE, checkedAt: RUN.startedAt } }),
      "GET /api/admin/first-run": () => json(firstRun({ notion: true, catalogue: true }, checked)),
    });
    await checkMyCatalogue();
    expect(api.calls.map((c) => c.key)).toEqual(["POST /api/admin/first-run/check", "GET /api/admin/first-run"]);
    expect($firstRun.get().state?.steps.catalogue).toEqual({ done: true, run: checked });
  });
});
