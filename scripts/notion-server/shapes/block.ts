import type { StoredBlock } from "../store-types.ts";
import type { ShapeContext } from "./context.ts";
import { fileContent } from "./file.ts";
import { richText } from "./rich-text.ts";
import { partialUser } from "./users.ts";

/** A block object in Notion's shape; children are listed separately (has_children tells). */
export function blockObject(block: StoredBlock, ctx: ShapeContext) {
  return {
    object: "block",
    id: block.id,
    parent: block.parent,
    created_time: block.createdTime,
    last_edited_time: block.lastEditedTime,
    created_by: partialUser(),
    last_edited_by: partialUser(),
    has_children: block.children.length > 0,
    in_trash: false,
    archived: false,
    type: block.spec.type,
    [block.spec.type]: content(block, ctx),
  };
}

function content(block: StoredBlock, ctx: ShapeContext): object {
  const spec = block.spec;
  switch (spec.type) {
    case "paragraph":
    case "bulleted_list_item":
    case "numbered_list_item":
    case "quote":
    case "toggle":
      return { rich_text: richText(spec.text), color: "default" };
    case "callout":
      return {
        rich_text: richText(spec.text),
        icon: spec.emoji ? { type: "emoji", emoji: spec.emoji } : null,
        color: spec.color ?? "gray_background",
      };
    case "column_list":
    case "column":
      return {};
    case "table":
      return { table_width: spec.width, has_column_header: spec.columnHeader ?? false, has_row_header: spec.rowHeader ?? false };
    case "table_row":
      return { cells: spec.cells.map((cell) => richText(cell)) };
    case "bookmark":
      return { caption: richText(spec.caption), url: spec.url };
    case "video":
      return { caption: richText(spec.caption), type: "external", external: { url: spec.url } };
    case "heading_1":
    case "heading_2":
    case "heading_3":
      return { rich_text: richText(spec.text), is_toggleable: false, color: "default" };
    case "code":
      return { caption: [], rich_text: richText(spec.text), language: spec.language ?? "plain text" };
    case "divider":
      return {};
    case "image":
      return { caption: richText(spec.caption), ...fileContent(spec.file, ctx) };
    case "embed":
      return { caption: richText(spec.caption), url: spec.url };
    case "child_database":
    case "child_page":
      return { title: spec.title };
  }
}
