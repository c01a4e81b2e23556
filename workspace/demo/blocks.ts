import type { DemoBlock, DemoFile, Rich, Span } from "./types.ts";

/** Shorthands for writing page bodies. */
export const p = (text: Rich, children?: DemoBlock[]): DemoBlock => ({ type: "paragraph", text, children });
export const h1 = (text: Rich): DemoBlock => ({ type: "heading_1", text });
export const h2 = (text: Rich): DemoBlock => ({ type: "heading_2", text });
export const h3 = (text: Rich): DemoBlock => ({ type: "heading_3", text });
export const li = (text: Rich, children?: DemoBlock[]): DemoBlock => ({ type: "bulleted_list_item", text, children });
export const ol = (text: Rich, children?: DemoBlock[]): DemoBlock => ({ type: "numbered_list_item", text, children });
export const quote = (text: Rich): DemoBlock => ({ type: "quote", text });
export const code = (text: string, language = "plain text"): DemoBlock => ({ type: "code", text, language });
export const divider = (): DemoBlock => ({ type: "divider" });
export const image = (file: DemoFile, caption?: Rich): DemoBlock => ({ type: "image", file, caption });
export const toggle = (text: Rich, children: DemoBlock[]): DemoBlock => ({ type: "toggle", text, children });
export const callout = (text: Rich, emoji: string, color = "gray_background"): DemoBlock => ({ type: "callout", text, emoji, color });
export const columns = (...cols: DemoBlock[][]): DemoBlock => ({
  type: "column_list",
  children: cols.map((children) => ({ type: "column", children })),
});
/** A table; the first row is its header row. */
export const table = (...rows: Rich[][]): DemoBlock => ({
  type: "table",
  width: rows[0]?.length ?? 0,
  columnHeader: true,
  children: rows.map((cells) => ({ type: "table_row", cells })),
});
export const bookmark = (url: string, caption?: Rich): DemoBlock => ({ type: "bookmark", url, caption });
export const video = (url: string, caption?: Rich): DemoBlock => ({ type: "video", url, caption });
export const embed = (url: string, caption?: Rich): DemoBlock => ({ type: "embed", url, caption });

/** Span shorthands for rich text. */
export const t = (text: string, style: Omit<Span, "text"> = {}): Span => ({ text, ...style });
export const b = (text: string): Span => ({ text, bold: true });
export const i = (text: string): Span => ({ text, italic: true });
export const link = (text: string, url: string): Span => ({ text, link: url });

/** A Notion-hosted image file from the bundled pictures. */
export const hosted = (image: string, name?: string): DemoFile => ({ image, ...(name ? { name } : {}) });

/** An external image URL served by the local server itself (`$SERVER` is replaced when served). */
export const external = (image: string): DemoFile => ({ external: `$SERVER/public/${image}`, name: image });
