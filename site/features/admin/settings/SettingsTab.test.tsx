import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { DEALER_SETTING_DEFAULTS, type AdminSettings } from "#contract/site-settings";
import { $settings } from "./settings-store";
import SettingsTab from "./SettingsTab";

/** The tab rendered as the server would with `data` loaded, parsed into a document. */
function rendered(data: AdminSettings): Document {
  $settings.set({ data, saving: false, error: null });
  return new JSDOM(renderToString(<SettingsTab />)).window.document;
}

const OFF: AdminSettings = {
  settings: DEALER_SETTING_DEFAULTS,
  stored: [],
  features: { email: "no-address", turnstile: false, rebuild: false },
};

afterEach(() => $settings.set({ data: null, saving: false, error: null }));

describe("the Settings tab", () => {
  it("warns of each optional part that is off, with the steps that turn it on", () => {
    const doc = rendered(OFF);
    expect(doc.querySelector('[data-testid="optional-parts"] p')?.textContent).toBe(
      "2 of 2 switched off or half set up: the site works without them.",
    );
    const email = doc.querySelector('[data-testid="optional-email"]');
    expect(email?.getAttribute("data-state")).toBe("off");
    expect(email?.querySelectorAll("ol li")).toHaveLength(3);
    expect(doc.querySelector('[data-testid="optional-turnstile"]')?.getAttribute("data-state")).toBe("off");
  });

  it("fills every setting, each input labelled and described by its hint, and previews prices in the format chosen", () => {
    const doc = rendered({ ...OFF, settings: { ...DEALER_SETTING_DEFAULTS, currency: "EUR", locale: "de-DE" } });
    const value = (id: string) => doc.querySelector<HTMLInputElement>(`#setting-${id}`)?.value;
    expect(doc.querySelector<HTMLSelectElement>("#setting-currency option[selected]")?.value).toBe("EUR");
    expect([value("locale"), value("analyticsToken"), value("enquiriesPerHour"), value("enquiriesStoredMax")]).toEqual([
      "de-DE",
      "",
      "20",
      "10000",
    ]);
    for (const id of [
      "currency",
      "locale",
      "analyticsToken",
      "enquiriesPerHour",
      "enquiriesPerDay",
      "enquiriesStoredMax",
      "handledEnquiryDays",
    ]) {
      expect(doc.querySelector(`label[for="setting-${id}"]`), id).not.toBeNull();
      expect(doc.getElementById(`setting-${id}`)?.getAttribute("aria-describedby"), id).toBe(`setting-${id}-hint`);
    }
    expect(doc.querySelector('[data-testid="settings-price-preview"]')?.textContent).toBe(
      "Prices will read 1.250,5\u00a0€ on item pages, 1.251\u00a0€ on cards.",
    );
  });
});
