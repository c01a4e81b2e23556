import type { Client } from "@notionhq/client";
import { NotionBlock, notionList, readNotion } from "./notion-shapes";
import { BLOCKS_WITH_RENDERED_CHILDREN, type Block, type BlockNode } from "./types";

/** Deepest nesting fetched; Notion nests far less in practice, this only bounds the requests a page can cost. */
const MAX_DEPTH = 8;

/** Fetches a page's blocks (every cursor page) and, for blocks Markdown renders, their children recursively. */
export async function fetchBlockTree(notion: Client, blockId: string, depth = 0): Promise<BlockNode[]> {
  const blocks: Block[] = [];
  let cursor: string | undefined;
  do {
    const page = await readNotion("a block children list", notionList(NotionBlock), () =>
      notion.blocks.children.list({ block_id: blockId, page_size: 100, start_cursor: cursor }),
    );
    blocks.push(...page.results);
    cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
  } while (cursor);
  const nodes: BlockNode[] = [];
  for (const block of blocks) {
    const descend = block.has_children && BLOCKS_WITH_RENDERED_CHILDREN.has(block.type) && depth < MAX_DEPTH;
    nodes.push({ block, children: descend ? await fetchBlockTree(notion, block.id, depth + 1) : [] });
  }
  return nodes;
}

/** Every Notion-hosted image in a block tree, with the block it came from. */
export function bodyImages(nodes: BlockNode[]): { url: string; blockId: string }[] {
  return nodes.flatMap((node) => {
    const image = node.block.type === "image" ? (node.block.image as { type?: string; file?: { url?: string } }) : undefined;
    const own = image?.type === "file" && image.file?.url ? [{ url: image.file.url, blockId: node.block.id }] : [];
    return [...own, ...bodyImages(node.children)];
  });
}
