import type { BlockSpec, FileSpec, Rich, Span } from "./types.ts";

/** Shorthands for writing page bodies. */
export const p = (text: Rich, children?: BlockSpec[]): BlockSpec => ({ type: "paragraph", text, children });
export const h1 = (text: Rich): BlockSpec => ({ type: "heading_1", text });
export const h2 = (text: Rich): BlockSpec => ({ type: "heading_2", text });
export const h3 = (text: Rich): BlockSpec => ({ type: "heading_3", text });
export const li = (text: Rich, children?: BlockSpec[]): BlockSpec => ({ type: "bulleted_list_item", text, children });
export const ol = (text: Rich, children?: BlockSpec[]): BlockSpec => ({ type: "numbered_list_item", text, children });
export const quote = (text: Rich): BlockSpec => ({ type: "quote", text });
export const code = (text: string, language = "plain text"): BlockSpec => ({ type: "code", text, language });
export const divider = (): BlockSpec => ({ type: "divider" });
export const image = (file: FileSpec, caption?: Rich): BlockSpec => ({ type: "image", file, caption });

/** Span shorthands for rich text. */
export const t = (text: string, style: Omit<Span, "text"> = {}): Span => ({ text, ...style });
export const b = (text: string): Span => ({ text, bold: true });
export const i = (text: string): Span => ({ text, italic: true });
export const link = (text: string, url: string): Span => ({ text, link: url });

/** A Notion-hosted image file from the bundled pictures. */
export const hosted = (image: string, name?: string): FileSpec => ({ image, ...(name ? { name } : {}) });

/** An external image URL served by the local server itself (`$SERVER` is replaced when served). */
export const external = (image: string): FileSpec => ({ external: `$SERVER/public/${image}`, name: image });
