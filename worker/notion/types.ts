/** A page property value as Notion returns it (loosely typed: every type, including future ones, is handled). */
export type PropertyValue = { type: string; [key: string]: unknown };

/** A page as the data source query returns it (only what a row needs). */
export type PageLike = {
  id: string;
  object?: string;
  created_time?: string;
  last_edited_time?: string;
  properties?: Record<string, PropertyValue>;
};

/** A select or multi-select's configuration: its options. */
type SelectConfig = { options?: { name: string }[] };

/** A data source's property schema entry (only what the mapping and the workspace check need). */
export type PropertySchema = { name?: string; type: string; select?: SelectConfig; multi_select?: SelectConfig };

/** A block as Notion returns it (only what Markdown needs). */
export type Block = { id: string; type: string; has_children?: boolean; [key: string]: unknown };

/** A block with its children already fetched. */
export type BlockNode = { block: Block; children: BlockNode[] };

/** Block types whose children are rendered, so only these are worth fetching children for. */
export const BLOCKS_WITH_RENDERED_CHILDREN = new Set([
  "paragraph",
  "heading_1",
  "heading_2",
  "heading_3",
  "heading_4",
  "bulleted_list_item",
  "numbered_list_item",
  "to_do",
  "quote",
  "callout",
  "toggle",
  "column_list",
  "column",
  "table",
]);
