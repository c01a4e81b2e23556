import { atom } from "nanostores";
import type { NotionCheck } from "#contract/admin-api";
import { readNotionCheck } from "../shared/admin-api";
import { handleUnauthorized } from "../shared/session-store";
import { errorText } from "../shared/error-text";

/** The workspace check as the admin panel last read it; `checking` while a check is under way. */
export const $notionCheck = atom<{ check: NotionCheck | null; error: string | null; checking: boolean }>({
  check: null,
  error: null,
  checking: false,
});

/** Checks the Notion workspace again (it reads Notion, so only on the tab's opening and on request); a failure keeps the last answer and says why. */
export async function refreshNotionCheck(): Promise<void> {
  const last = $notionCheck.get();
  if (last.checking) return;
  $notionCheck.set({ ...last, checking: true });
  try {
    $notionCheck.set({ check: await readNotionCheck(), error: null, checking: false });
  } catch (error) {
    $notionCheck.set({ check: last.check, error: handleUnauthorized(error) ? null : errorText(error), checking: false });
  }
}
