import type { MarkedExtension, Token, Tokens } from "marked";
import { isSafeUrl } from "#contract/safe-url";
import { colorClass } from "./rich-text";
import { parseVideoUrl, providerName, videoPageUrl, type VideoRef } from "./video-embed";

/*
 * The directives the sync writes into page bodies for Notion blocks Markdown has no syntax for (worker/sync/mapping/markdown.ts):
 * containers `:::toggle {summary}`, `:::callout {colour} {emoji}`, `:::columns` of `:::column` and `:::table row-headers`,
 * each closed by a line of exactly its own colons, and one-line `::video|embed|bookmark {url} {caption}`, each a block
 * of its own (the sync writes a blank line around them, so they need not interrupt a paragraph). Anything else that
 * starts with colons stays text. Every piece of text is escaped; links keep to the allowed protocols.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CONTAINER_KINDS = new Set(["toggle", "callout", "columns", "column", "table"]);
const OPENING = /^ {0,3}(:{3,})([a-z]+)(?:[ \t]+([^\n]*?))?[ \t]*(?:\n|$)/;
const LINK_LINE = /^ {0,3}::(video|embed|bookmark)[ \t]+(\S+)(?:[ \t]+([^\n]*?))?[ \t]*(?:\n+|$)/;

type Container = Tokens.Generic & { kind: string; info: string; tokens: Token[]; summary: Token[] };
type LinkDirective = Tokens.Generic & { kind: string; href: string; caption: Token[] };

/** A callout's `{colour} {emoji}`: a Notion colour name (its class, if the site has one) and a short icon. */
function calloutParts(info: string): { className: string | null; icon: string } {
  const [color = "", ...icon] = info.split(/\s+/);
  return { className: colorClass(color), icon: icon.join("").slice(0, 16) };
}

/** Marks the first cell of every body row of the tables in `tokens` as a header (Notion's header column). */
function markRowHeaders(tokens: Token[]): void {
  for (const token of tokens) {
    if (token.type !== "table") continue;
    for (const row of (token as Tokens.Table).rows) if (row[0]) row[0].header = true;
  }
}

/** The host a link card names: the address's host, or the address itself when relative. */
function hostOf(href: string): string {
  try {
    return new URL(href).host || href;
  } catch {
    return href;
  }
}

/** A video's play link: to the video's own page (no JavaScript), its player's data for the script; the caption in its name too. */
function videoFacade(video: VideoRef, caption: string, captionText: string): string {
  const provider = providerName(video);
  const hash = video.hash ? ` data-video-hash="${video.hash}"` : "";
  return (
    `<figure class="video">` +
    `<a class="video-facade" href="${escapeHtml(videoPageUrl(video))}" data-video-provider="${video.provider}" data-video-id="${video.id}"${hash}>` +
    `<span class="video-play" aria-hidden="true"></span>` +
    `<span class="video-label">Play video · ${provider}</span>` +
    (captionText ? `<span class="sr-only">: ${escapeHtml(captionText)}.</span>` : "") +
    `<span class="video-note">The player loads from ${provider} when you press play.</span>` +
    `</a>${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`
  );
}

function linkCard(href: string, caption: string): string {
  return (
    `<figure class="bookmark"><a class="bookmark-card" href="${escapeHtml(href)}">` +
    `<span class="bookmark-host">${escapeHtml(hostOf(href))}</span><span class="bookmark-url">${escapeHtml(href)}</span>` +
    `</a>${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`
  );
}

/** True when rendered body HTML holds a video's play link (its page then loads the script that starts the player). */
export function holdsVideoPlayer(html: string | null | undefined): boolean {
  return html?.includes('class="video-facade"') ?? false;
}

/** The directives as a Marked extension, with tables that scroll sideways (an empty header row left out) and captioned images as figures. */
export const markdownDirectives: MarkedExtension = {
  extensions: [
    {
      name: "directiveContainer",
      level: "block",
      tokenizer(src) {
        const open = OPENING.exec(src);
        if (!open || !CONTAINER_KINDS.has(open[2]!)) return undefined;
        const rest = src.slice(open[0].length);
        const close = new RegExp(`^ {0,3}${open[1]}[ \\t]*(?:\\n+|$)`, "m").exec(rest);
        if (!close) return undefined;
        const info = open[3] ?? "";
        const token: Container = {
          type: "directiveContainer",
          raw: src.slice(0, open[0].length + close.index + close[0].length),
          kind: open[2]!,
          info,
          tokens: this.lexer.blockTokens(rest.slice(0, close.index), []),
          summary: [],
        };
        if (token.kind === "toggle") this.lexer.inline(info, token.summary);
        if (token.kind === "table" && info === "row-headers") markRowHeaders(token.tokens);
        return token;
      },
      renderer(token) {
        const { kind, info, tokens, summary } = token as Container;
        const body = this.parser.parse(tokens);
        switch (kind) {
          case "toggle":
            return `<details class="toggle"><summary>${this.parser.parseInline(summary)}</summary>${body}</details>`;
          case "callout": {
            const { className, icon } = calloutParts(info);
            const iconHtml = icon ? `<span class="callout-icon" aria-hidden="true">${escapeHtml(icon)}</span>` : "";
            return `<div class="callout${className ? ` ${className}` : ""}" role="note">${iconHtml}<div class="callout-body">${body}</div></div>`;
          }
          case "columns":
            return `<div class="columns">${body}</div>`;
          case "column":
            return `<div class="column">${body}</div>`;
          default:
            return body;
        }
      },
      childTokens: ["tokens", "summary"],
    },
    {
      name: "directiveLink",
      level: "block",
      tokenizer(src) {
        const match = LINK_LINE.exec(src);
        if (!match || !isSafeUrl(match[2]!) || match[2]!.startsWith("//")) return undefined;
        const token: LinkDirective = {
          type: "directiveLink",
          raw: match[0],
          kind: match[1]!,
          href: match[2]!,
          caption: [],
        };
        this.lexer.inline(match[3] ?? "", token.caption);
        return token;
      },
      renderer(token) {
        const { kind, href, caption } = token as LinkDirective;
        const captionHtml = this.parser.parseInline(caption);
        const video = kind === "bookmark" ? null : parseVideoUrl(href);
        if (video) return videoFacade(video, captionHtml, this.parser.parseInline(caption, this.parser.textRenderer).trim());
        return linkCard(href, captionHtml);
      },
      childTokens: ["caption"],
    },
  ],
  renderer: {
    table(token) {
      const head = token.header.some((cell) => cell.text.trim() !== "")
        ? `<thead>${this.tablerow({ text: token.header.map((cell) => this.tablecell(cell)).join("") })}</thead>`
        : "";
      const rows = token.rows.map((row) => this.tablerow({ text: row.map((cell) => this.tablecell(cell)).join("") })).join("");
      return `<div class="table-scroll"><table>${head}${rows ? `<tbody>${rows}</tbody>` : ""}</table></div>\n`;
    },
    paragraph({ tokens }) {
      const only = tokens.length === 1 ? tokens[0] : undefined;
      if (only?.type !== "image" || !(only as Tokens.Image).title) return false;
      const caption = escapeHtml((only as Tokens.Image).title!);
      return `<figure class="captioned">${this.parser.parseInline(tokens)}<figcaption>${caption}</figcaption></figure>\n`;
    },
  },
};
