import type { Block, BlockNode } from "../../notion/types";
import type { SiteUrlFor } from "./properties";
import { escapeMarkdown, richTextToMarkdown, safeHref, type NotionRichTextPiece } from "./rich-text";

type Content = {
  rich_text?: NotionRichTextPiece[];
  caption?: NotionRichTextPiece[];
  language?: string;
  checked?: boolean;
  list_start_index?: number;
};
type Media = { type?: string; file?: { url?: string }; external?: { url?: string }; caption?: NotionRichTextPiece[] };

/** Called with the type of each block the Markdown cannot show. */
export type DroppedBlock = (type: string) => void;

/** Page blocks to Markdown; blocks Markdown cannot express are left out and named to `dropped`. Empty bodies give null. */
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
  if (heading) return text ? joinBlocks(`${"#".repeat(Number(heading[1]))} ${text.replace(/\\\n/g, " ")}`, inner()) : nonEmpty(inner());
  switch (block.type) {
    case "paragraph":
    case "toggle":
    case "column_list":
    case "column":
      return nonEmpty(joinBlocks(text, inner()));
    case "bulleted_list_item":
      return listItem("- ", text, inner(), children);
    case "numbered_list_item":
      return listItem(`${number}. `, text, inner(), children);
    case "to_do":
      return listItem(c.checked ? "- [x] " : "- [ ] ", text, inner(), children);
    case "quote":
    case "callout":
      return nonEmpty(joinBlocks(text, inner()))?.replace(/^(.*)$/gm, (line) => (line ? `> ${line}` : ">")) ?? null;
    case "code":
      return codeBlock((c.rich_text ?? []).map((r) => r.plain_text ?? "").join(""), c.language);
    case "divider":
      return "---";
    case "image":
      return image(block.image as Media | undefined, siteUrl);
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

/** A list item; a nested list follows its text directly so the list stays tight. */
function listItem(marker: string, text: string, inner: string, children: BlockNode[]): string {
  const pad = " ".repeat(marker.length);
  const nestedList = text !== "" && inner !== "" && IS_LIST.test(children[0]?.block.type ?? "");
  const body = nestedList ? `${text}\n${inner}` : joinBlocks(text, inner);
  return marker + body.replace(/\n(?=.)/g, `\n${pad}`);
}

function codeBlock(code: string, language: string | undefined): string {
  const longest = Math.max(2, ...(code.match(/`{3,}/g) ?? []).map((r) => r.length));
  const fence = "`".repeat(longest + 1);
  const lang = language && language !== "plain text" ? language.replace(/[^\w+#-]/g, "") : "";
  return `${fence}${lang}\n${code}\n${fence}`;
}

function image(media: Media | undefined, siteUrl: SiteUrlFor): string | null {
  if (!media) return null;
  const raw = media.type === "file" ? media.file?.url && siteUrl(media.file.url) : media.external?.url;
  const url = safeHref(raw);
  if (!url) return null;
  const alt = escapeMarkdown(
    (media.caption ?? [])
      .map((r) => r.plain_text ?? "")
      .join("")
      .replace(/\s+/g, " ")
      .trim(),
  );
  return `![${alt}](${url})`;
}
