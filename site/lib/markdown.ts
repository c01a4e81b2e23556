import { Marked } from "marked";
import type { DOMPurify } from "dompurify";
import { ALLOWED_URI_REGEXP, isSafeUrl } from "./safe-url";

const URL_ATTRIBUTES = ["href", "src", "xlink:href", "action", "formaction", "poster", "cite"];

// Pages own the h1, so Markdown headings move one level down (# -> h2 ... capped at h6).
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  walkTokens(token) {
    if (token.type === "heading") token.depth = Math.min(token.depth + 1, 6);
  },
});

/** Adds the link rules to a DOMPurify instance: only allowed protocols (also for data: images), and safe external links. */
export function hardenPurifier(purify: DOMPurify): DOMPurify {
  purify.addHook("afterSanitizeAttributes", (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute?.(name);
      if (value !== null && value !== undefined && !isSafeUrl(value)) node.removeAttribute(name);
    }
    if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
  });
  return purify;
}

/** Markdown to sanitised HTML with a hardened DOMPurify (see hardenPurifier). */
export function renderMarkdown(markdown: string, purify: DOMPurify): string {
  const html = marked.parse(markdown) as string;
  return purify.sanitize(html, {
    ALLOWED_URI_REGEXP,
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}
