import { atom } from "nanostores";
import type { AdminSettings, DealerSettingsPatch } from "#contract/site-settings";
import { readSettings, saveSettings } from "../shared/admin-api";
import { handleUnauthorized } from "../shared/session-store";
import { errorText, failureToast, serverMessage } from "../shared/error-text";
import { toast } from "../../shell/toasts";

/** The Settings tab: the settings in effect and what is switched off (null until loaded), a save under way, and why it could not load. */
export const $settings = atom<{ data: AdminSettings | null; saving: boolean; error: string | null }>({
  data: null,
  saving: false,
  error: null,
});

/** Reads the settings; a failure keeps what is shown and says why. */
export async function refreshSettings(): Promise<void> {
  try {
    $settings.set({ ...$settings.get(), data: await readSettings(), error: null });
  } catch (error) {
    if (!handleUnauthorized(error)) $settings.set({ ...$settings.get(), error: errorText(error) });
  }
}

/** Saves `patch` and shows the settings now in effect; a toast says what became of it (and of the rebuild it asks for). True once saved. */
export async function storeSettings(patch: DealerSettingsPatch): Promise<boolean> {
  if ($settings.get().saving) return false;
  $settings.set({ ...$settings.get(), saving: true });
  try {
    const { message, rebuild, ...data } = await saveSettings(patch);
    $settings.set({ data, saving: false, error: null });
    toast({ title: "Settings saved", description: message, variant: rebuild === "not-configured" ? "amber" : "default" });
    return true;
  } catch (error) {
    $settings.set({ ...$settings.get(), saving: false });
    if (!handleUnauthorized(error))
      toast({ ...failureToast("Could not save the settings", error), description: serverMessage(error) ?? errorText(error) });
    return false;
  }
}
