import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { FirstRunState } from "#contract/first-run";
import { $firstRunBusy, checkMyCatalogue, createCatalogue, setupRunning } from "./first-run";
import SetupRunView from "./SetupRunView";

type Props = {
  state: FirstRunState;
  /** The catalogue's page as Notion shows it, when known. */
  pageTitle: string | null;
};

/**
 * Step 2: "Create the catalogue under this page" (every database the site reads, with or without the demo's items,
 * followed while it runs), or "Use my databases" (the workspace check); the last run's progress or outcome.
 */
export default function CatalogueStep({ state, pageTitle }: Props) {
  const busy = useStore($firstRunBusy);
  const [demo, setDemo] = useState(false);
  const { run } = state.steps.catalogue;
  const pageChosen = state.steps.notion.parentPageId !== null;
  const running = setupRunning(run);
  const page = pageTitle ? `"${pageTitle}"` : "the catalogue's page";
  return (
    <>
      {!pageChosen && <p className="font-semibold">Choose the catalogue's page first (step 1).</p>}
      {!running && (
        <>
          <p>
            Setup creates every database the site reads under {page}, each with its properties, as Notion's rules allow. A database already
            there is completed, never renamed or emptied, so running it again is safe.
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={demo} onChange={(event) => setDemo(event.target.checked)} />
            With the demo's items: antique machines with their pictures, and the site's texts, to see the site at work (delete them in
            Notion whenever you like)
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={!pageChosen || busy !== null}
              onClick={() => void createCatalogue(demo)}
            >
              {busy === "setup" ? "Starting…" : "Create the catalogue under this page"}
            </button>
          </div>
          <p>
            The databases are already in Notion under that page (made by hand, or by npm run notion:setup)?{" "}
            <button type="button" className="btn-outline" disabled={!pageChosen || busy !== null} onClick={() => void checkMyCatalogue()}>
              {busy === "check" ? "Checking…" : "Use my databases"}
            </button>
          </p>
        </>
      )}
      {run && <SetupRunView run={run} />}
    </>
  );
}
