import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FIRST_RUN_STEPS, stepsDone, type FirstRunState, type FirstRunStepName } from "#contract/first-run";
import { $syncBusy } from "../notion-sync/sync-store";
import LoadError from "../shared/LoadError";
import CatalogueStep from "./CatalogueStep";
import {
  $firstRun,
  $notionConnection,
  FIRST_RUN_POLL_MS,
  firstStepToDo,
  refreshFirstRun,
  refreshNotionConnection,
  SETUP_POLL_MS,
  setupRunning,
} from "./first-run";
import FirstRunStep from "./FirstRunStep";
import NotionStep from "./NotionStep";
import RebuildsStep from "./RebuildsStep";
import SyncStep from "./SyncStep";
import WebhooksStep from "./WebhooksStep";

const TITLES: Record<FirstRunStepName, string> = {
  notion: "The Notion connection",
  catalogue: "The catalogue in Notion",
  firstSync: "The first sync",
  rebuilds: "Rebuilds",
  webhooks: "Notion webhooks",
};

/** Each step's line: what is done, or what it asks for. */
function summary(name: FirstRunStepName, state: FirstRunState, pageTitle: string | null): string {
  const { steps } = state;
  switch (name) {
    case "notion":
      if (!steps.notion.done) return "Choose the Notion page the catalogue sits under.";
      return steps.notion.parentPageId
        ? `The catalogue's page: "${pageTitle ?? steps.notion.parentPageId}".`
        : "The sync finds the catalogue in Notion.";
    case "catalogue":
      if (setupRunning(steps.catalogue.run)) return "Creating the catalogue in Notion…";
      if (!steps.catalogue.done) return "Create the catalogue's databases under the page, or use the ones you have.";
      if (steps.catalogue.run?.ok && steps.catalogue.run.kind === "create")
        return `Every database is in order under the page${steps.catalogue.run.demo ? ", with the demo's items" : ""}.`;
      return "Every database the site reads is in Notion.";
    case "firstSync":
      return steps.firstSync.done ? "The catalogue is copied into the site." : "Copy the catalogue from Notion into the site.";
    case "rebuilds":
      if (steps.rebuilds.source === "panel") return "On: every sync rebuilds the site through the deploy hook saved here.";
      if (steps.rebuilds.source === "secret") return "On: every sync rebuilds the site through the DEPLOY_HOOK_URL secret.";
      return "Paste the deploy hook, so that each sync rebuilds the public pages.";
    case "webhooks":
      if (steps.webhooks.done) return "Verified: edits in Notion reach the site by themselves.";
      if (steps.webhooks.state === "waiting-for-first-event") return "Waiting for the first event from Notion.";
      return "Let Notion tell the site about each edit.";
  }
}

/**
 * The first-run card, above the tabs from the first sign-in until every step is done: the Notion connection, the
 * catalogue in Notion, the first sync, rebuilds and webhooks, each Done or Not done as the worker answers (so each
 * survives a reload), the first step not done open. Read every FIRST_RUN_POLL_MS (SETUP_POLL_MS while setup or a sync
 * runs); it leaves once every step is done.
 */
export default function FirstRunCard() {
  const { state, error } = useStore($firstRun);
  const { connection } = useStore($notionConnection);
  const syncBusy = useStore($syncBusy);
  const [opened, setOpened] = useState<Set<FirstRunStepName>>(new Set());
  const [closed, setClosed] = useState<Set<FirstRunStepName>>(new Set());
  const wasDone = useRef<Partial<Record<FirstRunStepName, boolean>>>({});
  const busy = setupRunning(state?.steps.catalogue.run) || syncBusy;
  const shown = state !== null && !state.done;

  useEffect(() => void refreshFirstRun(), []);
  useEffect(() => {
    const timer = setInterval(() => void refreshFirstRun(), busy ? SETUP_POLL_MS : FIRST_RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [busy]);
  useEffect(() => {
    if (shown) void refreshNotionConnection();
  }, [shown]);
  // A step that has just been done closes, so the next one to do opens.
  useEffect(() => {
    if (!state) return;
    const justDone = FIRST_RUN_STEPS.filter((name) => state.steps[name].done && wasDone.current[name] === false);
    wasDone.current = Object.fromEntries(FIRST_RUN_STEPS.map((name) => [name, state.steps[name].done]));
    if (justDone.length) setOpened((open) => new Set([...open].filter((name) => !justDone.includes(name))));
  }, [state]);

  if (!state) {
    return error ? (
      <section className="card p-5" aria-label="Setting up your catalogue">
        <LoadError what="the first-run steps" error={error} />
      </section>
    ) : null;
  }
  if (state.done) return null;
  const next = firstStepToDo(state);
  const isOpen = (name: FirstRunStepName) => opened.has(name) || (name === next && !closed.has(name));
  const toggle = (name: FirstRunStepName) => {
    const open = isOpen(name);
    setOpened((set) => (open ? new Set([...set].filter((n) => n !== name)) : new Set(set).add(name)));
    setClosed((set) => (open ? new Set(set).add(name) : new Set([...set].filter((n) => n !== name))));
  };
  const pageTitle =
    connection?.parent && connection.parent.id === state.steps.notion.parentPageId ? connection.parent.title || "Untitled" : null;
  const content: Record<FirstRunStepName, ReactNode> = {
    notion: <NotionStep parentPageId={state.steps.notion.parentPageId} />,
    catalogue: <CatalogueStep state={state} pageTitle={pageTitle} />,
    firstSync: <SyncStep ready={state.steps.catalogue.done} />,
    rebuilds: <RebuildsStep />,
    webhooks: <WebhooksStep />,
  };
  return (
    <section
      className="card grid grid-cols-1 gap-3 border-brass-500 p-5"
      aria-labelledby="first-run-heading"
      data-testid="first-run-card"
      data-steps-done={stepsDone(state)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-heading" className="text-xl font-bold text-oxblood-800">
          Setting up your catalogue
        </h2>
        <p className="text-sm font-semibold" aria-live="polite">
          {stepsDone(state)} of {FIRST_RUN_STEPS.length} steps done
        </p>
      </div>
      <p className="text-sm">Five steps from an empty Notion page to a live catalogue. This card stays until every step is done.</p>
      <ol className="grid grid-cols-1 gap-2">
        {FIRST_RUN_STEPS.map((name, i) => (
          <FirstRunStep
            key={name}
            name={name}
            number={i + 1}
            title={TITLES[name]}
            done={state.steps[name].done}
            summary={summary(name, state, pageTitle)}
            open={isOpen(name)}
            onToggle={() => toggle(name)}
          >
            {content[name]}
          </FirstRunStep>
        ))}
      </ol>
      <LoadError what="the first-run steps" error={error} />
    </section>
  );
}
