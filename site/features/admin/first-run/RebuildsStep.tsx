import RebuildHookForm from "../notion-sync/RebuildHookForm";
import { refreshFirstRun } from "./first-run";

/** Step 4: the Workers Builds deploy hook, pasted here as on the Rebuilds card (tested with one call, which starts the first build). */
export default function RebuildsStep() {
  return (
    <>
      <p>
        The public pages are built by Cloudflare from your repository. After each sync the worker calls the build's deploy hook, so what you
        change in Notion reaches the pages. Saving the hook starts the first build with your catalogue.
      </p>
      <RebuildHookForm onSaved={() => void refreshFirstRun()} />
    </>
  );
}
