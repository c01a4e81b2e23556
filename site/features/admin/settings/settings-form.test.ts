import { describe, expect, it } from "vitest";
import { DEALER_SETTING_DEFAULTS } from "#contract/site-settings";
import { analyticsToken, draftFrom, patchFrom } from "./settings-form";

const TOKEN = "4fd7e22413e84811bd71ed466613bb26";

describe("the Settings form", () => {
  it("starts from the settings in effect, the analytics token empty for none", () => {
    expect(draftFrom(DEALER_SETTING_DEFAULTS)).toEqual({
      currency: "USD",
      locale: "en-US",
      analyticsToken: "",
      enquiriesPerHour: "20",
      enquiriesPerDay: "100",
      enquiriesStoredMax: "10000",
      handledEnquiryDays: "90",
    });
  });

  it("saves only what changed, numbers as numbers and an emptied token as none", () => {
    const settings = { ...DEALER_SETTING_DEFAULTS, analyticsToken: TOKEN };
    const draft = { ...draftFrom(settings), currency: "EUR", locale: " de-DE ", enquiriesPerHour: "35", analyticsToken: "" };
    expect(patchFrom(draft, settings)).toEqual({
      patch: { currency: "EUR", locale: "de-DE", analyticsToken: null, enquiriesPerHour: 35 },
      errors: {},
    });
    expect(patchFrom(draftFrom(settings), settings)).toEqual({ patch: {}, errors: {} });
  });

  it("names each field that fails its setting's check, with what to type instead", () => {
    const draft = {
      ...draftFrom(DEALER_SETTING_DEFAULTS),
      locale: "en-us",
      enquiriesPerDay: "",
      handledEnquiryDays: "9999",
      analyticsToken: "abc",
    };
    expect(patchFrom(draft, DEALER_SETTING_DEFAULTS).errors).toEqual({
      locale: "Enter a locale such as en-GB or de-DE.",
      analyticsToken: "Enter the token from the Web Analytics snippet: 32 characters, 0-9 and a-f.",
      enquiriesPerDay: "Enter a whole number from 1 to 10,000.",
      handledEnquiryDays: "Enter a whole number from 1 to 3,650.",
    });
  });

  it("takes the token out of the whole snippet Cloudflare shows", () => {
    const snippet = `<script defer src='https://static.cloudflareinsights.com/beacon.min.js' data-cf-beacon='{"token": "${TOKEN}"}'></script>`;
    expect(analyticsToken(snippet)).toBe(TOKEN);
    expect(analyticsToken(` ${TOKEN} `)).toBe(TOKEN);
  });
});
