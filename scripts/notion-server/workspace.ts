/**
 * The local Notion server's workspace format: plain data it turns into Notion's JSON shapes, each part a zod schema
 * with its type inferred from it. The server's callers (the launcher, tests, benchmarks) choose the workspace; the
 * server checks it with `parseWorkspace` before serving it.
 */
import { z } from "zod";
import { NOTION_PROPERTY_TYPES, type NotionPropertyType } from "#contract/notion";
import { seededId } from "./ids.ts";

/** Notion property types the server does not serve. */
const UNSERVED = ["rollup", "created_by", "last_edited_by"] as const;

/** A Notion property type the server serves. */
export type PropertyType = Exclude<NotionPropertyType, (typeof UNSERVED)[number]>;

/** Every Notion property type the server serves: Notion's list but the unserved ones, in its order. */
export const PROPERTY_TYPES: readonly PropertyType[] = NOTION_PROPERTY_TYPES.filter(
  (type): type is PropertyType => !(UNSERVED as readonly string[]).includes(type),
);

/** A property of a database schema; `options` for select, multi_select and status; `relatesTo` names a database title. */
const PropertySpecSchema = z.object({
  type: z.enum(PROPERTY_TYPES),
  options: z.array(z.string()).optional(),
  format: z.string().optional(),
  expression: z.string().optional(),
  prefix: z.string().optional(),
  relatesTo: z.string().optional(),
});
/** A property of a database schema. */
export type PropertySpec = z.infer<typeof PropertySpecSchema>;

/** A styled run of text; `link` makes it a hyperlink. */
const SpanSchema = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  underline: z.boolean().optional(),
  code: z.boolean().optional(),
  color: z.string().optional(),
  link: z.string().optional(),
});
/** A styled run of text. */
export type Span = z.infer<typeof SpanSchema>;

/** Rich text: a plain string or styled spans. */
const RichSchema = z.union([z.string(), z.array(SpanSchema)]);
/** Rich text: a plain string or styled spans. */
export type Rich = z.infer<typeof RichSchema>;

/**
 * A file: `image` names a picture in the server's images folder (served as a Notion-hosted, signed file); `external` is
 * a URL passed through as is (`$SERVER` is replaced by the server's own URL).
 */
const FileSpecSchema = z.union([
  z.object({ image: z.string(), name: z.string().optional(), id: z.uuid().optional() }),
  z.object({ external: z.string(), name: z.string().optional() }),
]);
/** A file: a picture of the images folder, or an external URL. */
export type FileSpec = z.infer<typeof FileSpecSchema>;

/** A date value: ISO start, optional end. */
const DateSpecSchema = z.object({ start: z.string(), end: z.string().nullish() });
/** A date value: ISO start, optional end. */
export type DateSpec = z.infer<typeof DateSpecSchema>;

/** A simple property value; its meaning follows the property type (see the server's page serializer). */
const SimpleValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string()),
  z.array(SpanSchema),
  z.array(FileSpecSchema),
  DateSpecSchema,
]);
/** A simple property value. */
export type SimpleValue = z.infer<typeof SimpleValueSchema>;

/** Blocks that hold text and may hold blocks. */
const TextBlockSchema = z.object({
  type: z.enum(["paragraph", "heading_1", "heading_2", "heading_3", "quote", "bulleted_list_item", "numbered_list_item", "toggle"]),
  text: RichSchema,
  get children(): z.ZodOptional<z.ZodArray<typeof BlockSpecSchema>> {
    return z.array(BlockSpecSchema).optional();
  },
});
const CalloutSchema = z.object({
  type: z.literal("callout"),
  text: RichSchema,
  emoji: z.string().optional(),
  color: z.string().optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof BlockSpecSchema>> {
    return z.array(BlockSpecSchema).optional();
  },
});
/** A column of a column list: its blocks. */
const ColumnSpecSchema = z.object({
  type: z.literal("column"),
  get children(): z.ZodArray<typeof BlockSpecSchema> {
    return z.array(BlockSpecSchema);
  },
});
/** A row of a table: one rich text per cell. */
const TableRowSpecSchema = z.object({ type: z.literal("table_row"), cells: z.array(RichSchema) });

/** Page body blocks in a compact form. */
const BlockSpecSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  CalloutSchema,
  z.object({ type: z.literal("column_list"), children: z.array(ColumnSpecSchema) }),
  ColumnSpecSchema,
  z.object({
    type: z.literal("table"),
    width: z.number().int().positive(),
    columnHeader: z.boolean().optional(),
    rowHeader: z.boolean().optional(),
    children: z.array(TableRowSpecSchema),
  }),
  TableRowSpecSchema,
  z.object({ type: z.literal("code"), text: z.string(), language: z.string().optional() }),
  z.object({ type: z.literal("divider") }),
  z.object({ type: z.literal("image"), file: FileSpecSchema, caption: RichSchema.optional() }),
  z.object({ type: z.enum(["embed", "bookmark", "video"]), url: z.string(), caption: RichSchema.optional() }),
  z.object({ type: z.enum(["child_database", "child_page"]), title: z.string() }),
]);
/** A page body block. */
export type BlockSpec = z.infer<typeof BlockSpecSchema>;
/** A column of a column list: its blocks. */
export type ColumnSpec = z.infer<typeof ColumnSpecSchema>;
/** A row of a table: one rich text per cell. */
export type TableRowSpec = z.infer<typeof TableRowSpecSchema>;

/** A page (a database row): property values by property name, optional body. */
const PageSpecSchema = z.object({
  id: z.uuid().optional(),
  properties: z.record(z.string(), SimpleValueSchema),
  body: z.array(BlockSpecSchema).optional(),
  createdTime: z.string().optional(),
  lastEditedTime: z.string().optional(),
});
/** A page (a database row). */
export type PageSpec = z.infer<typeof PageSpecSchema>;

/** A database with one data source. */
export const DatabaseSpecSchema = z.object({
  id: z.uuid().optional(),
  dataSourceId: z.uuid().optional(),
  title: z.string().min(1),
  description: z.string().optional(),
  properties: z.record(z.string(), PropertySpecSchema),
  pages: z.array(PageSpecSchema),
});
/** A database with one data source. */
export type DatabaseSpec = z.infer<typeof DatabaseSpecSchema>;

/** A page outside any database (such as the page a dealer shares with the integration for `npm run notion:setup`). */
const PlainPageSpecSchema = z.object({ id: z.uuid().optional(), title: z.string(), body: z.array(BlockSpecSchema).optional() });
/** A page outside any database. */
export type PlainPageSpec = z.infer<typeof PlainPageSpecSchema>;

/** A whole workspace; `pages` are pages outside any database. */
const WorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  databases: z.array(DatabaseSpecSchema),
  pages: z.array(PlainPageSpecSchema).optional(),
});
/** A whole workspace. */
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** A workspace as the server serves it, or an Error naming every part of `input` that does not fit the format. */
export function parseWorkspace(input: unknown): Workspace {
  const parsed = WorkspaceSchema.safeParse(input);
  if (!parsed.success) throw new Error(`Not a workspace the local Notion server can serve:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A workspace with no database, holding only empty pages of these titles (ids fixed by title) a dealer may share with the integration. */
export function emptyWorkspace(...titles: string[]) {
  return {
    id: seededId("workspace:empty"),
    name: "Empty workspace",
    databases: [],
    pages: titles.map((title) => ({ id: seededId(`plain-page:${title}`), title })),
  } satisfies Workspace;
}
