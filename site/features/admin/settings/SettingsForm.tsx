import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { itemPriceText, wholePriceText } from "#contract/price-format";
import { DEALER_SETTING_DEFAULTS, type DealerSettingKey, type DealerSettings } from "#contract/site-settings";
import { FLAGGED_ENQUIRY_DAYS, OPEN_ENQUIRY_DAYS } from "#contract/enquiries";
import { $settings, storeSettings } from "./settings-store";
import { draftFrom, patchFrom, type SettingsDraft } from "./settings-form";

/** Locales offered while typing (any other canonical tag is accepted too). */
const COMMON_LOCALES = [
  "en-US",
  "en-GB",
  "en-CA",
  "en-AU",
  "en-IE",
  "de-DE",
  "de-AT",
  "de-CH",
  "fr-FR",
  "fr-BE",
  "fr-CA",
  "fr-CH",
  "it-IT",
  "es-ES",
  "nl-NL",
  "nl-BE",
  "pt-PT",
  "pt-BR",
  "sv-SE",
  "da-DK",
  "nb-NO",
  "fi-FI",
  "pl-PL",
  "cs-CZ",
  "ja-JP",
];

const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });
const CURRENCIES = Intl.supportedValuesOf("currency").map((code) => ({ code, name: currencyNames.of(code) ?? code }));

type FieldProps = { id: DealerSettingKey; label: string; hint: ReactNode; error: string | undefined; children: ReactNode };

/** A labelled setting with its hint and, once a save was refused, its error (tied to the input by aria-describedby). */
function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="grid min-w-0 content-start gap-1 text-sm">
      <label htmlFor={`setting-${id}`} className="font-semibold text-walnut">
        {label}
      </label>
      {children}
      <p id={`setting-${id}-hint`} className="text-walnut">
        {hint}
      </p>
      {error && (
        <p id={`setting-${id}-error`} role="alert" className="font-semibold text-oxblood-700" data-testid={`setting-${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The enquiry limits' fields, each with what it counts (its default is added to the hint). */
const LIMIT_FIELDS = [
  { id: "enquiriesPerHour", label: "Enquiries an hour", hint: "Across the whole site." },
  { id: "enquiriesPerDay", label: "Enquiries a day", hint: "Across the whole site." },
  {
    id: "enquiriesStoredMax",
    label: "Most enquiries kept",
    hint: "At this many, the oldest flagged one makes room; with none flagged, new enquiries are refused until you delete some.",
  },
  { id: "handledEnquiryDays", label: "Days to keep handled enquiries", hint: "Counted from when you marked each handled." },
] as const;

const INPUT = "w-full min-w-0 rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-sm text-ink";

/** The dealer's settings: prices and dates, Web Analytics, the enquiry limits; saved together, each checked before it is sent. */
export default function SettingsForm({ settings }: { settings: DealerSettings }) {
  const { saving } = useStore($settings);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings));
  const [errors, setErrors] = useState<Partial<Record<DealerSettingKey, string>>>({});
  useEffect(() => setDraft(draftFrom(settings)), [settings]);
  const preview = useMemo(() => {
    // A currency or locale not accepted yet previews the one in effect.
    const { errors: wrong } = patchFrom(draft, settings);
    const format = wrong.currency || wrong.locale ? settings : { currency: draft.currency.trim(), locale: draft.locale.trim() };
    return `${itemPriceText(1250.5, format)} on item pages, ${wholePriceText(1250.5, format)} on cards`;
  }, [draft, settings]);

  const input = (id: DealerSettingKey, extra: Record<string, unknown> = {}) => ({
    id: `setting-${id}`,
    value: draft[id],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [id]: e.target.value }),
    "aria-invalid": errors[id] ? true : undefined,
    "aria-describedby": `setting-${id}-hint${errors[id] ? ` setting-${id}-error` : ""}`,
    className: INPUT,
    ...extra,
  });

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const checked = patchFrom(draft, settings);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      document.getElementById(`setting-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    if (Object.keys(checked.patch).length > 0) await storeSettings(checked.patch);
  };

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="settings-form">
      <section className="card grid gap-4 p-5" aria-labelledby="prices-heading">
        <h2 id="prices-heading" className="text-xl font-bold text-oxblood-800">
          Prices and dates
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="currency"
            label="Currency"
            hint={`The currency of every price on the site, its feeds and the enquiry email.`}
            error={errors.currency}
          >
            <select {...input("currency")}>
              {CURRENCIES.map(({ code, name }) => (
                <option key={code} value={code}>
                  {code} — {name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="locale" label="Locale" hint="How numbers and dates are written, e.g. en-GB or de-DE." error={errors.locale}>
            <input {...input("locale", { list: "setting-locales", autoComplete: "off", spellCheck: false })} />
            <datalist id="setting-locales">
              {COMMON_LOCALES.map((locale) => (
                <option key={locale} value={locale} />
              ))}
            </datalist>
          </Field>
        </div>
        <p className="text-sm" data-testid="settings-price-preview">
          Prices will read {preview}.
        </p>
      </section>

      <section className="card grid gap-4 p-5" aria-labelledby="analytics-heading">
        <h2 id="analytics-heading" className="text-xl font-bold text-oxblood-800">
          Visitor statistics
        </h2>
        <Field
          id="analyticsToken"
          label="Cloudflare Web Analytics token"
          hint={
            <>
              Optional; empty for none. Cloudflare Web Analytics counts visits without cookies. In the Cloudflare dashboard open Web
              Analytics, add your site's host name, choose the JS snippet and paste it (or the token in it) here. Every page then loads
              Cloudflare's beacon.
            </>
          }
          error={errors.analyticsToken}
        >
          <input {...input("analyticsToken", { autoComplete: "off", spellCheck: false })} />
        </Field>
      </section>

      <section className="card grid gap-4 p-5" aria-labelledby="limits-heading">
        <div className="grid gap-1">
          <h2 id="limits-heading" className="text-xl font-bold text-oxblood-800">
            Enquiry limits
          </h2>
          <p className="text-sm text-walnut">
            Past the hourly or daily limit, enquiries are still kept but flagged and not emailed; you get one email a day saying so. Flagged
            enquiries are deleted after {FLAGGED_ENQUIRY_DAYS} days, open ones after {OPEN_ENQUIRY_DAYS} days.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {LIMIT_FIELDS.map(({ id, label, hint }) => (
            <Field
              key={id}
              id={id}
              label={label}
              hint={`${hint} Default ${DEALER_SETTING_DEFAULTS[id].toLocaleString("en-US")}.`}
              error={errors[id]}
            >
              <input {...input(id, { inputMode: "numeric" })} />
            </Field>
          ))}
        </div>
      </section>

      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={saving} data-testid="settings-save">
          {saving ? "Saving…" : "Save settings"}
        </button>
      </div>
    </form>
  );
}
