import { describe, expect, it } from "vitest";
import { bannerFor } from "./shell";

const rich = (text: string) => ({ type: "rich_text", content: text, richText: [{ plain_text: text }], title: null, imageUrl: null });

describe("banner rule", () => {
  it("shows the construction notice with the default text when the load failed", () => {
    expect(bannerFor(null)).toEqual({ kind: "notice", text: "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence" });
  });

  it("shows the notice followed by the content when the block is not rich text", () => {
    expect(bannerFor({ type: "text", content: "Back soon", richText: [], title: null, imageUrl: null })).toEqual({ kind: "notice", text: "WEBSITE UNDER CONSTRUCTION — Back soon" });
    expect(bannerFor({ type: "image", content: null, richText: [], title: null, imageUrl: "/x.png" })).toMatchObject({ text: "WEBSITE UNDER CONSTRUCTION — Please excuse our appearance while we restore our online presence" });
  });

  it("shows rich text as itself, and nothing when it is blank", () => {
    expect(bannerFor(rich("Open Saturdays"))).toEqual({ kind: "rich", html: "Open Saturdays" });
    expect(bannerFor(rich("   "))).toBeNull();
  });
});
