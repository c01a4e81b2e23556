import { useStore } from "@nanostores/react";
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { API_PATHS } from "#contract/api-paths";
import { ENQUIRY_LIMITS, type EnquiryField } from "#contract/enquiries";
import { TURNSTILE_SITE_KEY } from "./enquiry-links";
import { $enquiry, resetEnquiry, sendEnquiry } from "./enquiry-store";
import FormField from "./FormField";
import HoneypotField from "./HoneypotField";
import TurnstileWidget from "./TurnstileWidget";

/** Props of EnquiryForm: the item, the message it starts with, and what to show under the thanks once sent (a Close button, a link back). */
type Props = { category: string; itemId: string; initialMessage: string; afterSent?: ReactNode };

const INPUT = "rounded-md border border-brass-600 bg-cream-50 px-3 py-2 text-base text-ink aria-[invalid=true]:border-oxblood-700";
const VISIBLE_FIELDS = ["name", "email", "phone", "message"] as const;

/**
 * The enquiry form (in the dialog and on /enquiry): name, email, phone (optional), message, the hidden honeypot and,
 * when the site was built with a Turnstile key, the widget. Errors show under their fields (the first invalid field
 * takes the focus); once sent, the worker's thanks replace the form. Without JavaScript it posts the same fields as a plain form.
 */
export default function EnquiryForm({ category, itemId, initialMessage, afterSent }: Props) {
  const state = useStore($enquiry);
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const ids = useMemo(
    () => Object.fromEntries(VISIBLE_FIELDS.map((f) => [f, `enquiry-${base}-${f}`])) as Record<(typeof VISIBLE_FIELDS)[number], string>,
    [base],
  );
  const [values, setValues] = useState({ name: "", email: "", phone: "", message: initialMessage, website: "" });
  const [token, setToken] = useState("");
  const [widgetKey, setWidgetKey] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLDivElement>(null);

  useEffect(() => resetEnquiry, []);

  // Runs when a send ends (the store changes only then): the first invalid field, or the thanks, takes the focus.
  useEffect(() => {
    const first = VISIBLE_FIELDS.find((f) => state.fieldErrors[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#${ids[first]}`)?.focus();
    if (state.status === "sent") thanks.current?.focus();
  }, [state, ids]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await sendEnquiry({ category, itemId, ...values, turnstileToken: token || undefined });
    // A Turnstile token counts once: after any answer but thanks, the widget starts over.
    if (TURNSTILE_SITE_KEY && $enquiry.get().status !== "sent") {
      setToken("");
      setWidgetKey((k) => k + 1);
    }
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });
  const error = (field: EnquiryField) => state.fieldErrors[field];

  if (state.status === "sent") {
    return (
      <div ref={thanks} tabIndex={-1} role="status" className="grid gap-3 outline-none" data-testid="enquiry-sent">
        <p className="text-lg font-semibold text-oxblood-800">{state.thanks}</p>
        {afterSent}
      </div>
    );
  }
  return (
    <form
      ref={form}
      method="post"
      action={API_PATHS.enquiries}
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      data-testid="enquiry-form"
    >
      <input type="hidden" name="category" value={category} />
      <input type="hidden" name="itemId" value={itemId} />
      <FormField id={ids.name} label="Your name" error={error("name")}>
        {(described) => (
          <input
            id={ids.name}
            name="name"
            autoComplete="name"
            required
            maxLength={ENQUIRY_LIMITS.name}
            value={values.name}
            onChange={set("name")}
            aria-invalid={Boolean(error("name"))}
            aria-describedby={described}
            className={INPUT}
          />
        )}
      </FormField>
      <FormField id={ids.email} label="Email" error={error("email")}>
        {(described) => (
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={ENQUIRY_LIMITS.email}
            value={values.email}
            onChange={set("email")}
            aria-invalid={Boolean(error("email"))}
            aria-describedby={described}
            className={INPUT}
          />
        )}
      </FormField>
      <FormField id={ids.phone} label="Phone (optional)" error={error("phone")}>
        {(described) => (
          <input
            id={ids.phone}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={ENQUIRY_LIMITS.phone}
            value={values.phone}
            onChange={set("phone")}
            aria-invalid={Boolean(error("phone"))}
            aria-describedby={described}
            className={INPUT}
          />
        )}
      </FormField>
      <FormField
        id={ids.message}
        label="Message"
        hint={`At most ${ENQUIRY_LIMITS.message.toLocaleString("en-US")} characters.`}
        error={error("message")}
      >
        {(described) => (
          <textarea
            id={ids.message}
            name="message"
            required
            rows={5}
            maxLength={ENQUIRY_LIMITS.message}
            value={values.message}
            onChange={set("message")}
            aria-invalid={Boolean(error("message"))}
            aria-describedby={described}
            className={INPUT}
          />
        )}
      </FormField>
      <HoneypotField value={values.website} onChange={set("website")} />
      {TURNSTILE_SITE_KEY && (
        <div className="grid gap-1">
          <TurnstileWidget key={widgetKey} siteKey={TURNSTILE_SITE_KEY} onToken={setToken} />
          {error("turnstileToken") && (
            <p role="alert" className="text-sm font-semibold text-oxblood-700" data-testid="turnstileToken-error">
              {error("turnstileToken")}
            </p>
          )}
        </div>
      )}
      {(error("category") || error("itemId")) && (
        <p role="alert" className="text-sm font-semibold text-oxblood-700">
          {error("category") ?? error("itemId")}
        </p>
      )}
      {state.error && (
        <p role="alert" className="text-sm font-semibold text-oxblood-700" data-testid="enquiry-error">
          {state.error}
        </p>
      )}
      <button type="submit" className="btn-primary justify-self-start" disabled={state.status === "sending"} data-testid="enquiry-submit">
        {state.status === "sending" ? "Sending…" : "Send Enquiry"}
      </button>
    </form>
  );
}
