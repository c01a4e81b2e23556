import { demoImageOf } from "../demo/images.ts";
import type { DemoBlock, DemoFile, DemoValue, Rich, Span } from "../demo/types.ts";
import { NOTION_LIMITS } from "./request-rules.ts";
import type { PropertyType } from "./schema-plan.ts";

type Obj = Record<string, unknown>;

/** Uploads one of the demo's pictures (once) and answers its File Upload id. */
export type UploadImage = (image: string) => Promise<string>;

/** A link Notion takes and the site should keep: absolute http(s) or mailto; anything else (a site-relative path, `javascript:`) keeps its words only. */
const keptLink = (url: string | undefined) => (url && /^(https?:|mailto:)/i.test(url) ? url : undefined);

/** Rich text of the demo format as request rich text, each piece cut at Notion's limit of characters per text object. */
function richText(rich: Rich | null | undefined): Obj[] {
  if (rich === null || rich === undefined || rich === "") return [];
  const spans: Span[] = typeof rich === "string" ? [{ text: rich }] : rich;
  return spans.flatMap((span) => {
    const pieces = span.text.match(new RegExp(`[\\s\\S]{1,${NOTION_LIMITS.textContent}}`, "g")) ?? [""];
    const link = keptLink(span.link);
    return pieces.map((content) => ({
      type: "text",
      text: { content, link: link ? { url: link } : null },
      annotations: { bold: !!span.bold, italic: !!span.italic, color: span.color ?? "default" },
    }));
  });
}

const plain = (v: DemoValue) =>
  typeof v === "string" ? v : Array.isArray(v) ? (v as Span[]).map((s) => s.text ?? "").join("") : String(v);

/** A file of the demo as a request file object: a demo picture uploaded (once), any other URL as an external file. */
async function requestFile(f: DemoFile, upload: UploadImage): Promise<Obj> {
  const image = demoImageOf(f);
  const name = f.name ?? (image ?? ("external" in f ? f.external : "file")).split("/").pop();
  if (image) return { type: "file_upload", file_upload: { id: await upload(image) }, name };
  return { type: "external", external: { url: (f as { external: string }).external }, name };
}

/**
 * A demo value as a request property value for the property the database has (matched by the caller): text becomes
 * rich text or a select option as the property is; a demo picture is uploaded; undefined when the value has no place there.
 */
export async function propertyValue(type: PropertyType, value: DemoValue, upload: UploadImage): Promise<Obj | undefined> {
  if (value === null || value === undefined) return undefined;
  switch (type) {
    case "title":
    case "rich_text":
      return { [type]: richText(typeof value === "number" ? String(value) : (value as Rich)) };
    case "number":
      return typeof value === "number" ? { number: value } : undefined;
    case "checkbox":
      return { checkbox: value === true };
    case "select":
      return { select: { name: plain(value) } };
    case "multi_select":
      return Array.isArray(value) ? { multi_select: (value as string[]).map((name) => ({ name })) } : undefined;
    case "files":
      return Array.isArray(value) ? { files: await Promise.all((value as DemoFile[]).map((f) => requestFile(f, upload))) } : undefined;
    case "url": {
      const first = Array.isArray(value) ? (value as DemoFile[])[0] : undefined;
      return first && "external" in first && !demoImageOf(first) ? { url: first.external } : undefined;
    }
    default:
      return undefined;
  }
}

/** Body blocks of the demo as request blocks (children nested as Notion takes them), pictures uploaded. */
export async function requestBlocks(blocks: DemoBlock[], upload: UploadImage): Promise<Obj[]> {
  const out: Obj[] = [];
  for (const block of blocks) out.push(await requestBlock(block, upload));
  return out;
}

async function requestBlock(block: DemoBlock, upload: UploadImage): Promise<Obj> {
  switch (block.type) {
    case "divider":
      return { type: "divider", divider: {} };
    case "code":
      return { type: "code", code: { rich_text: richText(block.text), language: block.language ?? "plain text" } };
    case "image": {
      // An image block takes no file name, unlike a files property.
      const { name: _name, ...file } = await requestFile(block.file, upload);
      return { type: "image", image: { ...file, caption: richText(block.caption) } };
    }
    case "embed":
    case "bookmark":
      return { type: block.type, [block.type]: { url: block.url, caption: richText(block.caption) } };
    case "video":
      return { type: "video", video: { type: "external", external: { url: block.url }, caption: richText(block.caption) } };
    case "table":
      return {
        type: "table",
        table: {
          table_width: block.width,
          has_column_header: block.columnHeader ?? false,
          has_row_header: block.rowHeader ?? false,
          children: await requestBlocks(block.children, upload),
        },
      };
    case "table_row":
      return { type: "table_row", table_row: { cells: block.cells.map((cell) => richText(cell)) } };
    case "column_list":
    case "column":
      return { type: block.type, [block.type]: { children: await requestBlocks(block.children, upload) } };
    default: {
      const children = "children" in block && block.children?.length ? { children: await requestBlocks(block.children, upload) } : {};
      const callout =
        block.type === "callout"
          ? { ...(block.emoji ? { icon: { type: "emoji", emoji: block.emoji } } : {}), ...(block.color ? { color: block.color } : {}) }
          : {};
      return { type: block.type, [block.type]: { rich_text: richText(block.text), ...callout, ...children } };
    }
  }
}
