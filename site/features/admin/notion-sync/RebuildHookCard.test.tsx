import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { $rebuildHook } from "./rebuild-hook-store";
import RebuildHookCard from "./RebuildHookCard";

const MASKED = "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/••••••••5e6f";

/** The rendered card as text, tags dropped, with the given store state. */
function cardText(state: Parameters<typeof $rebuildHook.set>[0]): { text: string; html: string } {
  $rebuildHook.set(state);
  const html = renderToString(<RebuildHookCard />);
  return {
    html,
    text: html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " "),
  };
}

afterEach(() => $rebuildHook.set({ hook: null, error: null }));

describe("rebuilds card", () => {
  it("says which hook is in use: the one saved here, masked, with a way to remove it", () => {
    const { text, html } = cardText({ hook: { source: "panel", maskedUrl: MASKED }, error: null });
    expect(text).toContain("Rebuilds On: every sync that changes data rebuilds the site, through the deploy hook saved here.");
    expect(text).toContain(`Deploy hook in use (its secret part hidden): ${MASKED}`);
    expect(html).toMatch(/<button type="button"[^>]*>Remove<\/button>/);
  });

  it("says when the DEPLOY_HOOK_URL secret is in use, and that a hook saved here replaces it (nothing to remove here)", () => {
    const { text, html } = cardText({ hook: { source: "secret", maskedUrl: MASKED }, error: null });
    expect(text).toContain("through the DEPLOY_HOOK_URL secret set when the site was deployed. A deploy hook saved here replaces it.");
    expect(html).not.toContain(">Remove<");
  });

  it("says rebuilds are off with no hook, and where to find one to paste", () => {
    const { text, html } = cardText({ hook: { source: "none", maskedUrl: null }, error: null });
    expect(text).toContain("Off: syncs update the API, but the public site is never rebuilt. Paste your deploy hook below.");
    expect(text).toContain("open your worker, Settings, Build, Deploy hooks: create one for the branch main");
    expect(text).not.toContain("Deploy hook in use");
    expect(html).toMatch(/<label for="([^"]+)">In Cloudflare, open your worker[^<]*<\/label>.*<input id="\1"[^>]*type="url"/s);
    // Nothing pasted yet: the save button waits for an address.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Save deploy hook<\/button>/);
  });

  it("shows no state it has not read", () => {
    expect(cardText({ hook: null, error: null }).text).toContain("Rebuilds Loading…");
    expect(cardText({ hook: null, error: "500: boom" }).text).toContain("Rebuilds Unknown");
  });
});
