import { useStore } from "@nanostores/react";
import { useId, useState, type ReactNode } from "react";
import { MAX_HOOK_URL_LENGTH } from "#contract/rebuild-hook";
import { $savingRebuildHook, saveRebuildHook } from "./rebuild-hook-store";

type Props = {
  /** Called once a pasted hook was saved (its test call started a build). */
  onSaved?: () => void;
  /** Buttons shown after Save (the Rebuilds card's Remove). */
  children?: ReactNode;
};

/** Where to find the Workers Builds deploy hook, and the field that takes it: saving tests it with one call before it is kept. */
export default function RebuildHookForm({ onSaved, children }: Props) {
  const saving = useStore($savingRebuildHook);
  const [url, setUrl] = useState("");
  const id = useId();
  return (
    <form
      className="grid gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void saveRebuildHook(url).then((saved) => {
          if (!saved) return;
          setUrl("");
          onSaved?.();
        });
      }}
    >
      <label htmlFor={id}>
        In Cloudflare, open your worker, Settings, Build, Deploy hooks: create one for the branch main, copy its address and paste it here.
        Saving calls it once to check it, which starts a build.
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
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
        {children}
      </div>
    </form>
  );
}
