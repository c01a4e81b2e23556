import type { BlockSpec, ColumnSpec, TableRowSpec } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { requestFile, type FileRefs } from "./file-refs.ts";
import { atMost, LIMITS } from "./limits.ts";
import { spansOf } from "./rich-text-input.ts";

type Obj = Record<string, unknown>;

/** Block types this server takes in a request's `children` (the ones it serves back). */
const TEXT_BLOCKS = [
  "paragraph",
  "heading_1",
  "heading_2",
  "heading_3",
  "quote",
  "bulleted_list_item",
  "numbered_list_item",
  "toggle",
] as const;
const TYPES = [...TEXT_BLOCKS, "callout", "column_list", "table", "code", "divider", "image", "embed", "bookmark", "video"];

/** Blocks whose own `children` a request may nest (Notion allows two levels below the page in one request). */
const NESTING = new Set<string>(["paragraph", "quote", "bulleted_list_item", "numbered_list_item", "toggle", "callout"]);

const refuse = (message: string) => validationError(`body failed validation: ${message}`);

/**
 * A request's `children` (POST /v1/pages, PATCH /v1/blocks/{id}/children) as body blocks: at most 100 in one array,
 * nested two levels, 1,000 in all; `depth` counts the levels already below the page.
 */
export function blocksOf(where: string, value: unknown, refs: FileRefs, depth = 0): BlockSpec[] {
  const blocks = childArray(where, value).map((block, i) => blockOf(`${where}[${i}]`, block, refs, depth));
  if (depth === 0) {
    const all = countBlocks(blocks);
    if (all > LIMITS.blocksPerRequest)
      throw refuse(`${where} holds ${all} blocks with their children, more than the ${LIMITS.blocksPerRequest} one request may hold.`);
  }
  return blocks;
}

/** Blocks in a list, nested ones included. */
const countBlocks = (blocks: BlockSpec[]): number =>
  blocks.reduce((n, b) => n + 1 + ("children" in b && b.children ? countBlocks(b.children) : 0), 0);

function childArray(where: string, value: unknown): Obj[] {
  if (!Array.isArray(value)) throw refuse(`${where} should be an array.`);
  atMost(where, value.length, LIMITS.children);
  return value as Obj[];
}

/** The member named by a block's type (`{type: "toggle", toggle: {...}}`; the type may be left out). */
function member(where: string, block: Obj, types: readonly string[]): { type: string; c: Obj; at: string } {
  const type = typeof block?.type === "string" ? block.type : types.find((t) => t in (block ?? {}));
  if (!type || !types.includes(type)) throw refuse(`${where}.type should be one of ${types.join(", ")}, instead was \`${String(type)}\`.`);
  const content = block[type];
  if (typeof content !== "object" || content === null) throw refuse(`${where}.${type} should be defined.`);
  return { type, c: content as Obj, at: `${where}.${type}` };
}

/** Notion nests two levels of children in one request, and words a deeper one (or children where none may be) so. */
function refuseChildren(at: string, children: unknown): never {
  throw refuse(`${at}.children should be not present, instead was \`${JSON.stringify(children).slice(0, 40)}...\`.`);
}

function blockOf(where: string, block: Obj, refs: FileRefs, depth: number): BlockSpec {
  const { type, c, at } = member(where, block, TYPES);
  switch (type) {
    case "divider":
      return { type };
    case "code":
      return {
        type,
        text: spansOf(`${at}.rich_text`, c.rich_text ?? [])
          .map((s) => s.text)
          .join(""),
        language: String(c.language ?? "plain text"),
      };
    case "embed":
    case "bookmark":
      return { type, url: String(c.url ?? ""), caption: spansOf(`${at}.caption`, c.caption ?? []) };
    case "video": {
      const url = (c.external as Obj | undefined)?.url;
      if (typeof url !== "string") throw refuse(`${at}.external.url should be defined.`);
      return { type, url, caption: spansOf(`${at}.caption`, c.caption ?? []) };
    }
    case "image":
      return { type, file: requestFile(at, c, refs), caption: spansOf(`${at}.caption`, c.caption ?? []) };
    case "column_list":
      return { type, children: columnsOf(at, c.children, refs, depth) };
    case "table":
      return tableOf(at, c, depth);
  }
  const text = spansOf(`${at}.rich_text`, c.rich_text ?? []);
  const children = c.children === undefined ? undefined : nested(at, type, c.children, refs, depth);
  if (type === "callout") {
    const icon = c.icon as Obj | null | undefined;
    const emoji = typeof icon?.emoji === "string" ? icon.emoji : undefined;
    const color = typeof c.color === "string" ? c.color : undefined;
    return { type, text, ...(emoji ? { emoji } : {}), ...(color ? { color } : {}), ...(children ? { children } : {}) };
  }
  return { type: type as (typeof TEXT_BLOCKS)[number], text, ...(children ? { children } : {}) };
}

function nested(at: string, type: string, children: unknown, refs: FileRefs, depth: number): BlockSpec[] {
  if (!NESTING.has(type) || depth >= LIMITS.nesting) refuseChildren(at, children);
  return blocksOf(`${at}.children`, children, refs, depth + 1);
}

/** A column list's columns: at least two, each with at least one block, as Notion requires when one is created. */
function columnsOf(at: string, value: unknown, refs: FileRefs, depth: number): ColumnSpec[] {
  if (depth >= LIMITS.nesting) refuseChildren(at, value);
  const columns = childArray(`${at}.children`, value ?? []);
  if (columns.length < 2) throw refuse(`${at}.children.length should be ≥ \`2\`, instead was \`${columns.length}\`.`);
  return columns.map((column, i) => {
    const { c, at: columnAt } = member(`${at}.children[${i}]`, column, ["column"]);
    if (depth + 1 >= LIMITS.nesting) refuseChildren(columnAt, c.children);
    const blocks = blocksOf(`${columnAt}.children`, c.children ?? [], refs, depth + 2);
    if (blocks.length === 0) throw refuse(`${columnAt}.children.length should be ≥ \`1\`, instead was \`0\`.`);
    return { type: "column", children: blocks };
  });
}

/** A table with its rows: at least one, each with exactly `table_width` cells, as Notion requires when one is created. */
function tableOf(at: string, c: Obj, depth: number): BlockSpec {
  const width = c.table_width;
  if (typeof width !== "number" || !Number.isInteger(width) || width < 1) throw refuse(`${at}.table_width should be a positive integer.`);
  if (depth >= LIMITS.nesting) refuseChildren(at, c.children);
  const rows = childArray(`${at}.children`, c.children ?? []);
  if (rows.length === 0) throw refuse(`${at}.children.length should be ≥ \`1\`, instead was \`0\`.`);
  const children = rows.map((row, i): TableRowSpec => {
    const { c: r, at: rowAt } = member(`${at}.children[${i}]`, row, ["table_row"]);
    const cells = Array.isArray(r.cells) ? r.cells : [];
    if (cells.length !== width)
      throw refuse(`${rowAt}.cells.length should be \`${width}\` (the table's width), instead was \`${cells.length}\`.`);
    return { type: "table_row", cells: cells.map((cell, j) => spansOf(`${rowAt}.cells[${j}]`, cell)) };
  });
  return { type: "table", width, columnHeader: c.has_column_header === true, rowHeader: c.has_row_header === true, children };
}
