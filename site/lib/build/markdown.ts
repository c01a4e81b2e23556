import sanitizeHtml from "sanitize-html";
import { isSafeUrl } from "#contract/safe-url";
import { renderMarkdown } from "../markdown";

const URL_ATTRIBUTES = ["href", "src", "cite"];

/**
 * What rendered Markdown may keep: text, headings, lists, tables, quotes, code, links and images with an allowed or
 * relative address (isSafeUrl, control characters and entities decoded first), external links opened apart from the
 * page (`rel="noopener noreferrer"` on `target="_blank"`); no scripts, styles, forms, frames, SVG or event handlers.
 * A refused element's text stays; a script's or style's does not.
 */
const RULES: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "del", "ins"],
  allowedAttributes: {
    "*": ["class", "title", "lang", "dir"],
    a: ["href", "name", "target", "rel"],
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
      return { tagName, attribs: kept };
    },
  },
};

/** Build-time Markdown rendering: marked's HTML, then sanitize-html with RULES. */
export function markdownToHtml(markdown: string): string {
  return sanitizeHtml(renderMarkdown(markdown), RULES);
}
