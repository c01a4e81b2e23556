import type { BlockSpec } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { requestFile, type FileRefs } from "./file-refs.ts";
import { atMost, LIMITS } from "./limits.ts";
import { spansOf } from "./rich-text-input.ts";

type Obj = Record<string, unknown>;

/** Block types this server takes in a request's `children` (the ones it serves back). */
const TEXT_BLOCKS = ["paragraph", "heading_1", "heading_2", "heading_3", "quote", "bulleted_list_item", "numbered_list_item"] as const;
const TYPES = [...TEXT_BLOCKS, "code", "divider", "image", "embed"];

/** Blocks whose own `children` a request may nest (Notion allows two levels below the page in one request). */
const NESTING = new Set<string>(["paragraph", "quote", "bulleted_list_item", "numbered_list_item"]);

/**
 * A request's `children` (POST /v1/pages, PATCH /v1/blocks/{id}/children) as body blocks: at most 100 in one array,
 * nested two levels, 1,000 in all; `depth` counts the levels already below the page.
 */
export function blocksOf(where: string, value: unknown, refs: FileRefs, depth = 0): BlockSpec[] {
  if (!Array.isArray(value)) throw validationError(`body failed validation: ${where} should be an array.`);
  atMost(where, value.length, LIMITS.children);
  const blocks = value.map((block, i) => blockOf(`${where}[${i}]`, block as Obj, refs, depth));
  if (depth === 0) {
    const all = countBlocks(blocks);
    if (all > LIMITS.blocksPerRequest)
      throw validationError(
        `body failed validation: ${where} holds ${all} blocks with their children, more than the ${LIMITS.blocksPerRequest} one request may hold.`,
      );
  }
  return blocks;
}

/** Blocks in a list, nested ones included. */
const countBlocks = (blocks: BlockSpec[]): number =>
  blocks.reduce((n, b) => n + 1 + ("children" in b && b.children ? countBlocks(b.children) : 0), 0);

function blockOf(where: string, block: Obj, refs: FileRefs, depth: number): BlockSpec {
  const type = typeof block?.type === "string" ? block.type : TYPES.find((t) => t in (block ?? {}));
  if (!type || !TYPES.includes(type))
    throw validationError(`body failed validation: ${where}.type should be one of ${TYPES.join(", ")}, instead was \`${String(type)}\`.`);
  const content = block[type];
  if (typeof content !== "object" || content === null) throw validationError(`body failed validation: ${where}.${type} should be defined.`);
  const c = content as Obj;
  const at = `${where}.${type}`;
  if (type === "divider") return { type };
  if (type === "code")
    return {
      type,
      text: spansOf(`${at}.rich_text`, c.rich_text ?? [])
        .map((s) => s.text)
        .join(""),
      language: String(c.language ?? "plain text"),
    };
  if (type === "embed") return { type, url: String(c.url ?? ""), caption: spansOf(`${at}.caption`, c.caption ?? []) };
  if (type === "image") return { type, file: requestFile(at, c, refs), caption: spansOf(`${at}.caption`, c.caption ?? []) };
  const text = spansOf(`${at}.rich_text`, c.rich_text ?? []);
  if (c.children === undefined) return { type: type as (typeof TEXT_BLOCKS)[number], text };
  // Notion nests two levels of children in one request, and words a deeper one (or children where none may be) so.
  if (!NESTING.has(type) || depth >= LIMITS.nesting)
    throw validationError(
      `body failed validation: ${at}.children should be not present, instead was \`${JSON.stringify(c.children).slice(0, 40)}...\`.`,
    );
  return {
    type: type as (typeof TEXT_BLOCKS)[number],
    text,
    children: blocksOf(`${at}.children`, c.children, refs, depth + 1),
  } as BlockSpec;
}
