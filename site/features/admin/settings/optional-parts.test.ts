import { describe, expect, it } from "vitest";
import { optionalParts } from "./optional-parts";

const states = (email: "on" | "no-address" | "no-binding", secret: boolean, siteKey: boolean) =>
  optionalParts({ email, turnstile: secret, rebuild: true }, siteKey).map((p) => [p.id, p.state, p.steps.length]);

describe("what the Settings tab says is switched off", () => {
  it("shows email and Turnstile on, with no steps, when both are set up", () => {
    expect(states("on", true, true)).toEqual([
      ["email", "on", 0],
      ["turnstile", "on", 0],
    ]);
  });

  it("gives every step to turn on what is off", () => {
    const [email, turnstile] = optionalParts({ email: "no-address", turnstile: false, rebuild: false }, false);
    expect(email).toMatchObject({ state: "off", says: "Enquiries are only listed in the Enquiries tab, not emailed to you." });
    expect(email?.steps[0]).toMatch(/^In the Cloudflare dashboard, turn on Email Routing/);
    expect(email?.steps).toHaveLength(3);
    expect(turnstile?.state).toBe("off");
    expect(turnstile?.steps.map((s) => /TURNSTILE_SECRET|PUBLIC_TURNSTILE_SITE_KEY|add a widget/.test(s))).toEqual([true, true, true]);
  });

  it("names the missing half: the email binding, the site key (every enquiry refused) or the secret (nothing checked)", () => {
    const [email] = optionalParts({ email: "no-binding", turnstile: true, rebuild: true }, false);
    expect(email).toMatchObject({ state: "half", steps: [expect.stringContaining('name = "ENQUIRY_EMAIL"')] });
    const [, secretOnly] = optionalParts({ email: "on", turnstile: true, rebuild: true }, false);
    expect(secretOnly).toMatchObject({ state: "half", says: expect.stringContaining("every enquiry is refused") });
    expect(secretOnly?.steps).toEqual([expect.stringContaining("PUBLIC_TURNSTILE_SITE_KEY")]);
    const [, keyOnly] = optionalParts({ email: "on", turnstile: false, rebuild: true }, true);
    expect(keyOnly).toMatchObject({ state: "half", says: expect.stringContaining("nothing verifies it") });
    expect(keyOnly?.steps).toEqual([expect.stringContaining("TURNSTILE_SECRET")]);
  });
});
