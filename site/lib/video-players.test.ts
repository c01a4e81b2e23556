// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import { markdownToHtml } from "./build/markdown";
import { startVideoPlayers } from "./video-players";

beforeAll(() => startVideoPlayers());

/** A body rendered as the build renders it, put in the page. */
function show(markdown: string): HTMLAnchorElement {
  document.body.innerHTML = `<div class="prose-antique">${markdownToHtml(markdown)}</div>`;
  return document.querySelector("a.video-facade")!;
}

describe("video players", () => {
  it("start YouTube's privacy-enhanced player in place of the play link when it is pressed", () => {
    const link = show("::video https://www.youtube.com/watch?v=dQw4w9WgXcQ Restoring a Mills");
    expect(document.querySelector("iframe")).toBeNull();
    link.click();
    const frame = document.querySelector("iframe")!;
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(frame.title).toBe("YouTube video: Restoring a Mills");
    expect(frame.allowFullscreen).toBe(true);
    expect(document.querySelector("a.video-facade")).toBeNull();
    expect(document.activeElement).toBe(frame);
  });

  it("start Vimeo's player with do-not-track", () => {
    show("::embed https://vimeo.com/76979871/8b1e2c3d4f").click();
    expect(document.querySelector("iframe")!.getAttribute("src")).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=8b1e2c3d4f",
    );
  });

  it("leave a click with a modifier key, and a link whose player data is missing, to the browser", () => {
    show("::video https://youtu.be/dQw4w9WgXcQ").dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(document.querySelector("iframe")).toBeNull();
    const forged = show("::video https://youtu.be/dQw4w9WgXcQ");
    forged.setAttribute("data-video-id", "../evil");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    forged.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(document.querySelector("iframe")).toBeNull();
  });
});
