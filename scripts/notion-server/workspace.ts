/** The local Notion server's workspace format: plain data it turns into Notion's JSON shapes. Callers (the launcher, tests, benchmarks) choose the workspace. */

/** Every Notion property type the server serves, in one list. */
export const PROPERTY_TYPES = [
  "title",
  "rich_text",
  "number",
  "checkbox",
  "select",
  "multi_select",
  "status",
  "date",
  "url",
  "email",
  "phone_number",
  "files",
  "people",
  "relation",
  "formula",
  "created_time",
  "last_edited_time",
  "unique_id",
] as const;

/** A Notion property type the server serves. */
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** A property of a database schema; `options` for select, multi_select and status; `relatesTo` names a database title. */
export type PropertySpec = {
  type: PropertyType;
  options?: string[];
  format?: string;
  expression?: string;
  prefix?: string;
  relatesTo?: string;
};

/** A styled run of text; `link` makes it a hyperlink. */
export type Span = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  underline?: boolean;
  code?: boolean;
  color?: string;
  link?: string;
};

/** Rich text: a plain string or styled spans. */
export type Rich = string | Span[];

/**
 * A file: `image` names a picture in the server's images folder (served as a Notion-hosted, signed file); `external` is
 * a URL passed through as is (`$SERVER` is replaced by the server's own URL).
 */
export type FileSpec = { image: string; name?: string; id?: string } | { external: string; name?: string };

/** A date value: ISO start, optional end. */
export type DateSpec = { start: string; end?: string | null };

/** A simple property value; its meaning follows the property type (see the server's page serializer). */
export type SimpleValue = string | number | boolean | null | string[] | Span[] | FileSpec[] | DateSpec;

/** Page body blocks in a compact form. */
export type BlockSpec =
  | { type: "paragraph" | "heading_1" | "heading_2" | "heading_3" | "quote"; text: Rich; children?: BlockSpec[] }
  | { type: "bulleted_list_item" | "numbered_list_item" | "toggle"; text: Rich; children?: BlockSpec[] }
  | { type: "callout"; text: Rich; emoji?: string; color?: string; children?: BlockSpec[] }
  | { type: "column_list"; children: ColumnSpec[] }
  | ColumnSpec
  | { type: "table"; width: number; columnHeader?: boolean; rowHeader?: boolean; children: TableRowSpec[] }
  | TableRowSpec
  | { type: "code"; text: string; language?: string }
  | { type: "divider" }
  | { type: "image"; file: FileSpec; caption?: Rich }
  | { type: "embed" | "bookmark" | "video"; url: string; caption?: Rich }
  | { type: "child_database"; title: string }
  | { type: "child_page"; title: string };

/** A column of a column list: its blocks. */
export type ColumnSpec = { type: "column"; children: BlockSpec[] };

/** A row of a table: one rich text per cell. */
export type TableRowSpec = { type: "table_row"; cells: Rich[] };

/** A page (a database row): property values by property name, optional body. */
export type PageSpec = {
  id?: string;
  properties: Record<string, SimpleValue>;
  body?: BlockSpec[];
  createdTime?: string;
  lastEditedTime?: string;
};

/** A database with one data source. */
export type DatabaseSpec = {
  id?: string;
  dataSourceId?: string;
  title: string;
  description?: string;
  properties: Record<string, PropertySpec>;
  pages: PageSpec[];
};

/** A page outside any database (such as the page a dealer shares with the integration for `npm run notion:setup`). */
export type PlainPageSpec = { id?: string; title: string; body?: BlockSpec[] };

/** A whole workspace; `pages` are pages outside any database. */
export type Workspace = { id: string; name: string; databases: DatabaseSpec[]; pages?: PlainPageSpec[] };
