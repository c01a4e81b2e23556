import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { hardenPurifier, renderMarkdown } from "../markdown";

let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** Build-time Markdown rendering: DOMPurify runs on a jsdom window, created once per build. */
export function markdownToHtml(markdown: string): string {
  purifier ??= hardenPurifier(createDOMPurify(new JSDOM("").window));
  return renderMarkdown(markdown, purifier);
}
