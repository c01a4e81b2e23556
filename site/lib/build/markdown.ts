import sanitizeHtml from "sanitize-html";
import { isSafeUrl } from "#contract/safe-url";
import { renderMarkdown } from "../markdown";
import { videoFromAttributes } from "../video-embed";

const URL_ATTRIBUTES = ["href", "src", "cite"];
const VIDEO_ATTRIBUTES = ["data-video-provider", "data-video-id", "data-video-hash"];

/**
 * What rendered Markdown may keep: text, headings, lists, tables, quotes, code, toggles (`details`), figures, links and
 * images with an allowed or relative address (isSafeUrl, control characters and entities decoded first), external links
 * opened apart from the page (`rel="noopener noreferrer"` on `target="_blank"`), a callout's note role, and a video
 * link's player data only as a YouTube or Vimeo id (the player's address is built from nothing else); no scripts,
 * styles, forms, frames, SVG or event handlers. A refused element's text stays; a script's or style's does not.
 */
const RULES: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "del", "ins", "details", "summary"],
  allowedAttributes: {
    "*": ["class", "title", "lang", "dir"],
    a: ["href", "name", "target", "rel", ...VIDEO_ATTRIBUTES],
    div: ["role"],
    span: ["aria-hidden"],
    img: ["src", "alt", "width", "height"],
    blockquote: ["cite"],
    q: ["cite"],
    ol: ["start", "type"],
    td: ["align", "colspan", "rowspan"],
    th: ["align", "colspan", "rowspan", "scope"],
  },
  allowedSchemes: ["http", "https", "irc", "ircs", "mailto", "xmpp"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: true,
  transformTags: {
    "*": (tagName, attribs) => {
      const kept = { ...attribs };
      for (const name of URL_ATTRIBUTES) if (kept[name] !== undefined && !isSafeUrl(kept[name])) delete kept[name];
      if (tagName === "a" && kept.target === "_blank") kept.rel = "noopener noreferrer";
      if (VIDEO_ATTRIBUTES.some((name) => kept[name] !== undefined)) {
        const [provider, id, hash] = VIDEO_ATTRIBUTES.map((name) => kept[name] ?? null);
        if (!videoFromAttributes(provider ?? null, id ?? null, hash ?? null)) for (const name of VIDEO_ATTRIBUTES) delete kept[name];
      }
      return { tagName, attribs: kept };
    },
  },
};

/** Build-time Markdown rendering: marked's HTML, then sanitize-html with RULES. */
export function markdownToHtml(markdown: string): string {
  return sanitizeHtml(renderMarkdown(markdown), RULES);
}
