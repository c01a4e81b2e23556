import { useEffect, useRef, useState } from "react";

/** The part of Turnstile's browser API the widget uses (explicit rendering). */
type TurnstileApi = {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Cloudflare's Turnstile script, rendered explicitly (the site's CSP allows its origin only when a site key is built in). */
const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

let loading: Promise<TurnstileApi> | null = null;

/** Loads Turnstile's script once per page. */
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => reject(new Error("Turnstile could not be loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Props of TurnstileWidget: the site key, and what to do with each token (empty when it expired or failed). */
type Props = { siteKey: string; onToken: (token: string) => void };

/** Cloudflare's check that the visitor is a person, whose token the enquiry carries; remount it (new `key`) after a send, tokens being single-use. */
export default function TurnstileWidget({ siteKey, onToken }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  });

  useEffect(() => {
    let widget: string | undefined;
    let gone = false;
    loadTurnstile().then(
      (api) => {
        if (gone || !box.current) return;
        widget = api.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => report.current(token),
          "expired-callback": () => report.current(""),
          "error-callback": () => report.current(""),
        });
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      gone = true;
      if (widget) window.turnstile?.remove(widget);
    };
  }, [siteKey]);

  return (
    <div>
      <div ref={box} data-testid="turnstile" />
      {error && (
        <p role="alert" className="text-sm text-oxblood-700">
          {error}; reload the page to try again.
        </p>
      )}
    </div>
  );
}
