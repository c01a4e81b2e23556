import { atom } from "nanostores";
import { FIRST_RUN_STEPS, type FirstRunState, type FirstRunStepName, type NotionConnection, type SetupRun } from "#contract/first-run";
import { statusOf } from "../../../lib/http";
import { toast } from "../../shell/toasts";
import { checkMyDatabases, readFirstRun, readNotionConnection, setCataloguePage, startCatalogueSetup } from "../shared/admin-api";
import { handleUnauthorized } from "../shared/session-store";
import { runFullSync } from "../notion-sync/sync-store";
import { errorText, serverMessage } from "../shared/error-text";

/** How often the card reads its steps while nothing of its own runs (a webhook's first event may arrive any time). */
export const FIRST_RUN_POLL_MS = 10_000;
/** How often it reads them while a setup run creates the catalogue. */
export const SETUP_POLL_MS = 1500;

/** The first-run card's steps as last read (null until read), and why they could not be read. */
export const $firstRun = atom<{ state: FirstRunState | null; error: string | null }>({ state: null, error: null });

/** The Notion connection as last read: the integration, the catalogue's page, the pages shared; `error` in the worker's words; `loading` while read. */
export const $notionConnection = atom<{ connection: NotionConnection | null; error: string | null; loading: boolean }>({
  connection: null,
  error: null,
  loading: false,
});

/** What the card is doing now (its buttons wait meanwhile): choosing the page, starting setup, checking the databases. */
export const $firstRunBusy = atom<"page" | "setup" | "check" | null>(null);

/** Whether a "Create the catalogue under this page" run is under way. */
export const setupRunning = (run: SetupRun | null | undefined): boolean => run?.kind === "create" && run.finishedAt === null;

/** The first step not done, or null when every step is. */
export const firstStepToDo = (state: FirstRunState): FirstRunStepName | null =>
  FIRST_RUN_STEPS.find((name) => !state.steps[name].done) ?? null;

/** The worker's sentence for a failure (its `{error}`), else the failure's text. */
const failureText = (error: unknown) => serverMessage(error) ?? errorText(error);

/** Re-reads the steps; the card ending (every step done) says so once. A failure keeps the last state and says why. */
export async function refreshFirstRun(): Promise<void> {
  try {
    const before = $firstRun.get().state;
    const state = await readFirstRun();
    $firstRun.set({ state, error: null });
    if (before && !before.done && state.done)
      toast({
        title: "Your catalogue is set up",
        description: "Every first-run step is done: edits in Notion now reach the site by themselves.",
        variant: "default",
      });
  } catch (error) {
    if (!handleUnauthorized(error)) $firstRun.set({ state: $firstRun.get().state, error: errorText(error) });
  }
}

/** Asks Notion (through the worker) who the token belongs to and which pages are shared with the integration. */
export async function refreshNotionConnection(): Promise<void> {
  const last = $notionConnection.get();
  if (last.loading) return;
  $notionConnection.set({ ...last, loading: true });
  try {
    $notionConnection.set({ connection: await readNotionConnection(), error: null, loading: false });
  } catch (error) {
    if (handleUnauthorized(error)) return $notionConnection.set({ ...$notionConnection.get(), loading: false });
    $notionConnection.set({ connection: null, error: failureText(error), loading: false });
  }
}

/** Runs one of the card's actions (its buttons waiting meanwhile), then reads the steps again. */
async function act<T>(busy: "page" | "setup" | "check", work: () => Promise<T>, failure: string): Promise<T | null> {
  if ($firstRunBusy.get()) return null;
  $firstRunBusy.set(busy);
  try {
    return await work();
  } catch (error) {
    if (!handleUnauthorized(error)) toast({ title: failure, description: failureText(error), variant: "destructive" });
    // A run already under way (another tab started it) is followed like one started here.
    if (statusOf(error) === 409) await refreshFirstRun();
    return null;
  } finally {
    $firstRunBusy.set(null);
    await refreshFirstRun();
  }
}

/** Keeps the page (a listed one's id, or a pasted link) as the catalogue's page; true when Notion showed it to the integration. */
export async function choosePage(page: string): Promise<boolean> {
  const chosen = await act("page", () => setCataloguePage(page.trim()), "Page not chosen");
  if (!chosen) return false;
  toast({
    title: "Catalogue page chosen",
    description: `"${chosen.title || "Untitled"}": the catalogue is created under it, and syncs find it there.`,
    variant: "default",
  });
  await refreshNotionConnection();
  return true;
}

/** Starts "Create the catalogue under this page", with or without the demo's items; the card then follows the run. */
export async function createCatalogue(demo: boolean): Promise<void> {
  await act("setup", () => startCatalogueSetup(demo), "Setup did not start");
}

/** "Use my databases": checks the databases under the page; the outcome shows in the step. */
export async function checkMyCatalogue(): Promise<void> {
  await act("check", checkMyDatabases, "The check did not run");
}

/** The first sync: the full sync of every table (followed to its end, its progress shown meanwhile), then the steps read again. */
export async function startFirstSync(): Promise<void> {
  await runFullSync();
  await refreshFirstRun();
}
