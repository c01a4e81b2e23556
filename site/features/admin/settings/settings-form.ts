import {
  DEALER_SETTING_KEYS,
  SITE_SETTINGS,
  type DealerSettingKey,
  type DealerSettings,
  type DealerSettingsPatch,
} from "#contract/site-settings";

/** What the Settings form's fields hold: each setting as typed (the analytics token empty for none). */
export type SettingsDraft = Record<DealerSettingKey, string>;

/** The form's fields filled from the settings in effect. */
export function draftFrom(settings: DealerSettings): SettingsDraft {
  const draft = {} as SettingsDraft;
  for (const key of DEALER_SETTING_KEYS) draft[key] = settings[key] === null ? "" : String(settings[key]);
  return draft;
}

/** The Web Analytics token in what was pasted: the token itself, or the whole snippet Cloudflare shows (its `"token": "…"`). */
export function analyticsToken(text: string): string {
  const trimmed = text.trim();
  return /token/i.test(trimmed) ? (/\b([0-9a-f]{32})\b/.exec(trimmed)?.[1] ?? trimmed) : trimmed;
}

const NUMBER_KEYS = new Set<DealerSettingKey>(["enquiriesPerHour", "enquiriesPerDay", "enquiriesStoredMax", "handledEnquiryDays"]);

/** A field's value as its setting takes it: a number for the limits, null for an empty token, else the text trimmed. */
function valueOf(key: DealerSettingKey, text: string): unknown {
  if (key === "analyticsToken") return analyticsToken(text) === "" ? null : analyticsToken(text);
  const trimmed = text.trim();
  return NUMBER_KEYS.has(key) ? (trimmed === "" ? Number.NaN : Number(trimmed)) : trimmed;
}

/**
 * What to save: each field whose value differs from the settings in effect, checked by its setting's schema (the
 * worker checks them again); `errors` names each field that fails with what to type instead.
 */
export function patchFrom(
  draft: SettingsDraft,
  settings: DealerSettings,
): { patch: DealerSettingsPatch; errors: Partial<Record<DealerSettingKey, string>> } {
  const patch: Record<string, unknown> = {};
  const errors: Partial<Record<DealerSettingKey, string>> = {};
  for (const key of DEALER_SETTING_KEYS) {
    const value = valueOf(key, draft[key]);
    if (value === settings[key]) continue;
    if (value !== null) {
      const parsed = SITE_SETTINGS[key].safeParse(value);
      if (!parsed.success) {
        errors[key] = parsed.error.issues[0]?.message ?? "Check this value.";
        continue;
      }
    }
    patch[key] = value;
  }
  return { patch: patch as DealerSettingsPatch, errors };
}
