import { Marked } from "marked";
import type { DOMPurify } from "dompurify";
import { ALLOWED_URI_REGEXP, isSafeUrl } from "#contract/safe-url";

const URL_ATTRIBUTES = ["href", "src", "xlink:href", "action", "formaction", "poster", "cite"];

const marked = new Marked({ gfm: true, breaks: false, async: false });

// Pages own the h1: a post's top heading level becomes h2 and the others keep their relative depth (max h6).
function shiftHeadings(markdown: string): ReturnType<typeof marked.lexer> {
  const tokens = marked.lexer(markdown);
  const depths: number[] = [];
  marked.walkTokens(tokens, (t) => void (t.type === "heading" && depths.push(t.depth)));
  const shift = depths.length ? 2 - Math.min(...depths) : 0;
  marked.walkTokens(tokens, (t) => {
    if (t.type === "heading") t.depth = Math.min(Math.max(t.depth + shift, 2), 6);
  });
  return tokens;
}

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
  const html = marked.parser(shiftHeadings(markdown));
  return purify.sanitize(html, {
    ALLOWED_URI_REGEXP,
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}
