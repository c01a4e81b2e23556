import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import LoadError from "./LoadError";
import { $rebuildHook, $savingRebuildHook, forgetRebuildHook, refreshRebuildHook, saveRebuildHook } from "./admin-rebuild-hook";
import { MAX_HOOK_URL_LENGTH, type RebuildHookSource } from "#contract/rebuild-hook";

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
  const [url, setUrl] = useState("");
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
      <form
        className="grid gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void saveRebuildHook(url).then((saved) => saved && setUrl(""));
        }}
      >
        <label htmlFor="rebuild-hook-url">
          In Cloudflare, open your worker, Settings, Build, Deploy hooks: create one for the branch main, copy its address and paste it
          here. Saving calls it once to check it, which starts a build.
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id="rebuild-hook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={MAX_HOOK_URL_LENGTH}
            placeholder="https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/…"
            className="min-w-0 flex-1 rounded border border-cream-300 bg-white p-2"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={saving || url.trim() === ""}>
            {saving ? "Checking…" : "Save deploy hook"}
          </button>
          {hook?.source === "panel" && (
            <button type="button" className="btn-outline" disabled={saving} onClick={() => void forgetRebuildHook()}>
              Remove
            </button>
          )}
        </div>
      </form>
      <LoadError what="the deploy hook" error={error} />
    </section>
  );
}
