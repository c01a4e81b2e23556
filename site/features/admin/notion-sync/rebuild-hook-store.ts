import { atom } from "nanostores";
import type { RebuildHookState } from "#contract/rebuild-hook";
import { readRebuildHook, removeRebuildHook, setRebuildHook } from "../shared/admin-api";
import { handleUnauthorized } from "../shared/session-store";
import { refreshSyncStatus } from "./sync-store";
import { errorText, serverMessage } from "../shared/error-text";
import { toast } from "../../shell/toasts";

/** The deploy hook in use as the admin panel last read it. */
export const $rebuildHook = atom<{ hook: RebuildHookState | null; error: string | null }>({ hook: null, error: null });

/** True while a hook is saved (its test call runs) or removed. */
export const $savingRebuildHook = atom(false);

/** Re-reads which deploy hook is in use; a failure keeps the last state and shows why. */
export async function refreshRebuildHook(): Promise<void> {
  try {
    $rebuildHook.set({ hook: await readRebuildHook(), error: null });
  } catch (error) {
    if (handleUnauthorized(error)) return;
    $rebuildHook.set({ hook: $rebuildHook.get().hook, error: errorText(error) });
  }
}

/** Runs one change of the hook (disabled while it runs), shows what came of it, and refreshes the sync status. True when it succeeded. */
async function change(run: () => Promise<RebuildHookState & { message: string }>, failure: string): Promise<boolean> {
  if ($savingRebuildHook.get()) return false;
  $savingRebuildHook.set(true);
  try {
    const { message, ...hook } = await run();
    $rebuildHook.set({ hook, error: null });
    toast({ title: hook.source === "panel" ? "Deploy hook saved" : "Deploy hook removed", description: message, variant: "default" });
    void refreshSyncStatus();
    return true;
  } catch (error) {
    // The worker's own sentence (why the hook was refused) reads better than the raw `400: {...}`.
    if (!handleUnauthorized(error))
      toast({ title: failure, description: serverMessage(error) ?? errorText(error), variant: "destructive" });
    return false;
  } finally {
    $savingRebuildHook.set(false);
  }
}

/** Saves the pasted deploy hook: the worker calls it once (a build starts) and keeps it only when that call succeeded. */
export function saveRebuildHook(url: string): Promise<boolean> {
  return change(() => setRebuildHook(url.trim()), "Deploy hook not saved");
}

/** Removes the admin panel's deploy hook. */
export function forgetRebuildHook(): Promise<boolean> {
  return change(removeRebuildHook, "Failed to remove the deploy hook");
}
