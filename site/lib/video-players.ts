import { providerName, videoFromAttributes, videoPlayerUrl } from "./video-embed";

/**
 * Swaps a body's video play link for the provider's privacy-enhanced player when the visitor presses it (one listener
 * for the document). Until then nothing is loaded from YouTube or Vimeo; a click with a modifier key follows the link.
 */
export function startVideoPlayers(doc: Document = document): void {
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a.video-facade") : null;
    if (!link) return;
    const video = videoFromAttributes(
      link.getAttribute("data-video-provider"),
      link.getAttribute("data-video-id"),
      link.getAttribute("data-video-hash"),
    );
    if (!video) return;
    event.preventDefault();
    const caption = link.closest("figure")?.querySelector("figcaption")?.textContent?.trim();
    const frame = doc.createElement("iframe");
    frame.className = "video-frame";
    frame.src = videoPlayerUrl(video);
    frame.title = `${providerName(video)} video${caption ? `: ${caption}` : ""}`;
    frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    link.replaceWith(frame);
    frame.focus();
  });
}
