/** The Notion API version every Notion call pins (the `Notion-Version` header), and the local Notion server accepts. */
export const NOTION_VERSION = "2025-09-03";

/** Notion's property types as its API names them, each with the name Notion's menus show: the one list of them. */
export const PROPERTY_TYPE_NAMES = {
  title: "Title",
  rich_text: "Text",
  number: "Number",
  checkbox: "Checkbox",
  select: "Select",
  multi_select: "Multi-select",
  status: "Status",
  date: "Date",
  url: "URL",
  email: "Email",
  phone_number: "Phone",
  files: "Files & media",
  people: "Person",
  relation: "Relation",
  rollup: "Rollup",
  formula: "Formula",
  created_time: "Created time",
  created_by: "Created by",
  last_edited_time: "Last edited time",
  last_edited_by: "Last edited by",
  unique_id: "ID",
} as const;

/** A Notion property type, as its API names it. */
export type NotionPropertyType = keyof typeof PROPERTY_TYPE_NAMES;

/** Every Notion property type, in the order of `PROPERTY_TYPE_NAMES`. */
export const NOTION_PROPERTY_TYPES = Object.keys(PROPERTY_TYPE_NAMES) as NotionPropertyType[];
