import { Marked } from "marked";
import { markdownDirectives } from "./markdown-directives";

const marked = new Marked({ gfm: true, breaks: false, async: false }, markdownDirectives);

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

/**
 * Markdown to HTML, headings starting at h2, the directives of Notion's blocks rendered (markdown-directives.ts), raw
 * HTML passed through: sanitise the result before it reaches a page.
 */
export function renderMarkdown(markdown: string): string {
  return marked.parser(shiftHeadings(markdown));
}
