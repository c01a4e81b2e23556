import type { Block, BlockNode } from "../../notion/types";
import type { SiteUrlFor } from "./properties";
import { escapeMarkdown, richTextToMarkdown, safeHref, type NotionRichTextPiece } from "./rich-text";

type Content = {
  rich_text?: NotionRichTextPiece[];
  caption?: NotionRichTextPiece[];
  language?: string;
  checked?: boolean;
  list_start_index?: number;
  color?: string;
  icon?: { type?: string; emoji?: string } | null;
  url?: string;
  has_row_header?: boolean;
  has_column_header?: boolean;
  cells?: NotionRichTextPiece[][];
};
type Media = { type?: string; file?: { url?: string }; external?: { url?: string }; caption?: NotionRichTextPiece[] };

/** Called with the type of each block the Markdown cannot show. */
export type DroppedBlock = (type: string) => void;

/**
 * Page blocks to Markdown; blocks Markdown cannot express are left out and named to `dropped`. Empty bodies give null.
 *
 * Besides CommonMark and GFM (tables), a body holds the directives the site renders (site/lib/markdown-directives.ts):
 * containers `:::toggle {summary}`, `:::callout {colour} {emoji}`, `:::columns` of `:::column`, `:::table row-headers`
 * (closed by a line of as many colons: an outer container's fence is longer than any inside it), and one-line
 * `::video {url} {caption}`, `::embed {url} {caption}` and `::bookmark {url} {caption}`. Notion text never reads as
 * a directive: a colon starting a line of it is escaped.
 */
export function blocksToMarkdown(nodes: BlockNode[], siteUrl: SiteUrlFor, dropped: DroppedBlock = () => undefined): string | null {
  const md = renderBlocks(nodes, siteUrl, dropped).trim();
  return md === "" ? null : md;
}

function renderBlocks(nodes: BlockNode[], siteUrl: SiteUrlFor, dropped: DroppedBlock): string {
  let out = "";
  let prevType = "";
  let number = 0;
  for (const node of nodes) {
    const type = node.block.type;
    number = type === "numbered_list_item" ? (prevType === type ? number + 1 : (content(node.block).list_start_index ?? 1)) : 0;
    const md = renderBlock(node, siteUrl, number, dropped);
    if (md === null) continue;
    const tight = prevType === type && IS_LIST.test(type);
    out += out === "" ? md : `${tight ? "\n" : "\n\n"}${md}`;
    prevType = type;
  }
  return out;
}

function renderBlock(node: BlockNode, siteUrl: SiteUrlFor, number: number, dropped: DroppedBlock): string | null {
  const { block, children } = node;
  const c = content(block);
  const text = richTextToMarkdown(c.rich_text).trimStart();
  const inner = () => renderBlocks(children, siteUrl, dropped);
  const heading = /^heading_([1-4])$/.exec(block.type);
  if (heading) return text ? joinBlocks(`${"#".repeat(Number(heading[1]))} ${oneLine(text)}`, inner()) : nonEmpty(inner());
  switch (block.type) {
    case "paragraph":
      return nonEmpty(joinBlocks(text, inner()));
    case "bulleted_list_item":
      return listItem("- ", text, inner(), children);
    case "numbered_list_item":
      return listItem(`${number}. `, text, inner(), children);
    case "to_do":
      return listItem(c.checked ? "- [x] " : "- [ ] ", text, inner(), children);
    case "quote":
      return nonEmpty(joinBlocks(text, inner()))?.replace(/^(.*)$/gm, (line) => (line ? `> ${line}` : ">")) ?? null;
    case "toggle": {
      const body = inner();
      return text || body ? container(`toggle${text ? ` ${oneLine(text)}` : ""}`, body) : null;
    }
    case "callout": {
      const body = joinBlocks(text, inner());
      return nonEmpty(body) === null ? null : container(calloutInfo(c), body);
    }
    case "column_list":
      return columns(children, siteUrl, dropped);
    case "column": {
      const body = inner();
      return nonEmpty(body) === null ? null : container("column", body);
    }
    case "table":
      return table(c, children);
    case "code":
      return codeBlock((c.rich_text ?? []).map((r) => r.plain_text ?? "").join(""), c.language);
    case "divider":
      return "---";
    case "image":
      return image(block.image as Media | undefined, siteUrl);
    case "bookmark":
    case "embed":
      return linkDirective(block.type, c.url, c.caption);
    case "video": {
      // An uploaded video's Notion address expires within the hour: only linked videos (YouTube, Vimeo, any URL) show.
      const video = block.video as Media | undefined;
      if (video?.type === "external") return linkDirective("video", video.external?.url, video.caption);
      dropped(block.type);
      return null;
    }
    default:
      dropped(block.type);
      return null;
  }
}

const IS_LIST = /^(bulleted_list_item|numbered_list_item|to_do)$/;

function content(block: Block): Content {
  return (block[block.type] as Content | undefined) ?? {};
}

function joinBlocks(...parts: string[]): string {
  return parts.filter((p) => p !== "").join("\n\n");
}

function nonEmpty(md: string): string | null {
  return md.trim() === "" ? null : md;
}

/** Inline Markdown on one line: hard line breaks become spaces (a heading, a summary, a caption). */
function oneLine(md: string): string {
  return md.replace(/\\\n/g, " ");
}

/** A list item; a nested list follows its text directly so the list stays tight. */
function listItem(marker: string, text: string, inner: string, children: BlockNode[]): string {
  const pad = " ".repeat(marker.length);
  const nestedList = text !== "" && inner !== "" && IS_LIST.test(children[0]?.block.type ?? "");
  const body = nestedList ? `${text}\n${inner}` : joinBlocks(text, inner);
  return marker + body.replace(/\n(?=.)/g, `\n${pad}`);
}

/** A container directive around `body`, its fence one colon longer than any fence inside (at least three). */
function container(info: string, body: string): string {
  const longest = Math.max(2, ...(body.match(/^ *:{3,}/gm) ?? []).map((run) => run.trim().length));
  const fence = ":".repeat(longest + 1);
  return body === "" ? `${fence}${info}\n${fence}` : `${fence}${info}\n\n${body}\n\n${fence}`;
}

/** `callout {colour} {emoji}`: Notion's colour name (`gray_background` unless set) and its emoji icon, if it has one. */
function calloutInfo(c: Content): string {
  const color = /^[a-z_]+$/.test(c.color ?? "") ? c.color! : "default";
  const emoji = c.icon?.type === "emoji" && c.icon.emoji ? c.icon.emoji.replace(/\s+/g, "") : "";
  return `callout ${color}${emoji ? ` ${emoji}` : ""}`;
}

/** Columns side by side: the columns that hold something, in a `columns` container (one column alone is just its blocks). */
function columns(children: BlockNode[], siteUrl: SiteUrlFor, dropped: DroppedBlock): string | null {
  const shown = children.flatMap((column) => {
    const md =
      column.block.type === "column" ? nonEmpty(renderBlocks(column.children, siteUrl, dropped)) : renderBlock(column, siteUrl, 0, dropped);
    return md === null ? [] : [md];
  });
  if (shown.length === 0) return null;
  if (shown.length === 1) return shown[0]!;
  return container("columns", shown.map((md) => container("column", md)).join("\n\n"));
}

/**
 * A GFM table of a `table` block's rows (its children): Notion's header row as the table's header, else an empty one
 * (which the site leaves out); a header column in a `table row-headers` container.
 */
function table(c: Content, rows: BlockNode[]): string | null {
  const cells = rows.filter((row) => row.block.type === "table_row").map((row) => (content(row.block).cells ?? []).map(tableCell));
  const width = Math.max(0, ...cells.map((row) => row.length));
  if (cells.length === 0 || width === 0) return null;
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => row[i] ?? "").join(" | ")} |`;
  const [head, body] = c.has_column_header ? [cells[0]!, cells.slice(1)] : [[], cells];
  const gfm = [line(head), `|${" --- |".repeat(width)}`, ...body.map(line)].join("\n");
  return c.has_row_header ? container("table row-headers", gfm) : gfm;
}

/** One cell's rich text as inline Markdown on one line: breaks as <br>, every pipe escaped (code spans' too). */
function tableCell(pieces: NotionRichTextPiece[]): string {
  return richTextToMarkdown(pieces)
    .replace(/\\\n/g, "<br>")
    .replace(/(?<!\\)\|/g, "\\|")
    .trim();
}

/** `::{kind} {url} {caption}`: a link the site shows as a player, a card or a link; null without a usable URL. */
function linkDirective(kind: string, raw: string | undefined, caption: NotionRichTextPiece[] | undefined): string | null {
  const url = safeHref(raw);
  if (!url) return null;
  const text = oneLine(richTextToMarkdown(caption)).trim();
  return `::${kind} ${url}${text ? ` ${text}` : ""}`;
}

function codeBlock(code: string, language: string | undefined): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const lang = language && language !== "plain text" ? language.replace(/[^\w+#-]/g, "") : "";
  return `${fence}${lang}\n${code}\n${fence}`;
}

/** An image with its caption as alternative text, and as the title the site shows under it. */
function image(media: Media | undefined, siteUrl: SiteUrlFor): string | null {
  if (!media) return null;
  const raw = media.type === "file" ? media.file?.url && siteUrl(media.file.url) : media.external?.url;
  const url = safeHref(raw);
  if (!url) return null;
  const caption = (media.caption ?? [])
    .map((r) => r.plain_text ?? "")
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const title = caption ? ` "${caption.replace(/["\\]/g, "\\$&")}"` : "";
  return `![${escapeMarkdown(caption)}](${url}${title})`;
}
