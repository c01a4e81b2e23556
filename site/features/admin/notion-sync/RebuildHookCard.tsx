import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import LoadError from "../shared/LoadError";
import { $rebuildHook, $savingRebuildHook, forgetRebuildHook, refreshRebuildHook } from "./rebuild-hook-store";
import RebuildHookForm from "./RebuildHookForm";
import type { RebuildHookSource } from "#contract/rebuild-hook";

/** What each source of the hook in use means for the operator. */
const SOURCE_TEXT: Record<RebuildHookSource, string> = {
  panel: "On: every sync that changes data rebuilds the site, through the deploy hook saved here.",
  secret:
    "On: every sync that changes data rebuilds the site, through the DEPLOY_HOOK_URL secret set when the site was deployed. A deploy hook saved here replaces it.",
  none: "Off: syncs update the API, but the public site is never rebuilt. Paste your deploy hook below.",
};

/**
 * Rebuilds: the Workers Builds deploy hook the worker calls after a sync. Says which one is in use (saved here, the
 * DEPLOY_HOOK_URL secret, or none), shows it masked, and takes a new one (tested with one call before it is kept).
 */
export default function RebuildHookCard() {
  const { hook, error } = useStore($rebuildHook);
  const saving = useStore($savingRebuildHook);
  useEffect(() => void refreshRebuildHook(), []);
  return (
    <section
      className="card grid grid-cols-1 gap-3 p-5"
      aria-labelledby="rebuild-hook-heading"
      data-testid="rebuild-hook-card"
      data-source={hook?.source}
    >
      <h2 id="rebuild-hook-heading" className="text-xl font-bold text-oxblood-800">
        Rebuilds
      </h2>
      <p className="font-bold" aria-live="polite" data-testid="rebuild-hook-state">
        {hook ? SOURCE_TEXT[hook.source] : error ? "Unknown" : "Loading…"}
      </p>
      {hook?.maskedUrl && (
        <p className="grid gap-1 text-sm">
          <span>Deploy hook in use (its secret part hidden):</span>
          <code className="rounded bg-cream-100 p-2 break-all" data-testid="rebuild-hook-masked">
            {hook.maskedUrl}
          </code>
        </p>
      )}
      <RebuildHookForm>
        {hook?.source === "panel" && (
          <button type="button" className="btn-outline" disabled={saving} onClick={() => void forgetRebuildHook()}>
            Remove
          </button>
        )}
      </RebuildHookForm>
      <LoadError what="the deploy hook" error={error} />
    </section>
  );
}
