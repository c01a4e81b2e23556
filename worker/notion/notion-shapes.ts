import { z } from "zod";
import { BLOCKS_WITH_RENDERED_CHILDREN, type PropertyValue } from "./types";
import { UpstreamError } from "./upstream-error";

/*
 * The parts of Notion's answers the sync reads, as loose schemas: unknown fields (and unknown property or block
 * types) pass through untouched, so a Notion addition never breaks the sync; a known field of the wrong shape does.
 */

const NotionRichTextPieceSchema = z.looseObject({
  plain_text: z.string().optional(),
  href: z.string().nullish(),
  annotations: z
    .looseObject({
      bold: z.boolean().optional(),
      italic: z.boolean().optional(),
      strikethrough: z.boolean().optional(),
      code: z.boolean().optional(),
    })
    .optional(),
});
const Url = z.looseObject({ url: z.string().optional() });
const Named = z.looseObject({ name: z.string().nullish(), id: z.string().optional() });
const DateValue = z.looseObject({ start: z.string().nullish() }).nullable();
const FileEntry = z.looseObject({
  type: z.string().optional(),
  name: z.string().optional(),
  file: Url.optional(),
  external: Url.optional(),
});

/** `base` (an object with a `type`) whose `[type]` member must match `members[type]` when the type is listed there. */
function tagged<T extends { type: string }>(base: z.ZodType<T>, members: Record<string, z.ZodType>) {
  return base.superRefine((value, ctx) => {
    const schema = members[value.type];
    if (!schema) return;
    const result = schema.safeParse((value as Record<string, unknown>)[value.type]);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [value.type, ...issue.path] });
    }
  });
}

/** A page property value, each type as properties.ts reads it; formulas and rollups hold values of their own. */
const NotionPropertyValue: z.ZodType<PropertyValue> = z.lazy(() =>
  tagged(z.looseObject({ type: z.string() }), {
    title: z.array(NotionRichTextPieceSchema),
    rich_text: z.array(NotionRichTextPieceSchema),
    number: z.number().nullable(),
    checkbox: z.boolean(),
    select: Named.nullable(),
    status: Named.nullable(),
    multi_select: z.array(Named),
    people: z.array(Named),
    relation: z.array(z.looseObject({ id: z.string() })),
    files: z.array(FileEntry),
    date: DateValue,
    url: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    created_time: z.string().nullable(),
    last_edited_time: z.string().nullable(),
    created_by: Named.nullable(),
    last_edited_by: Named.nullable(),
    unique_id: z.looseObject({ prefix: z.string().nullish(), number: z.number().nullish() }).nullable(),
    formula: FormulaOrRollup.nullable(),
    rollup: FormulaOrRollup.nullable(),
  }),
);

const FormulaOrRollup = tagged(z.looseObject({ type: z.string() }), {
  string: z.string().nullable(),
  number: z.number().nullable(),
  boolean: z.boolean().nullable(),
  date: DateValue,
  array: z.array(z.lazy(() => NotionPropertyValue)),
});

/** A page as the query and page retrieval return it. */
export const NotionPage = z.looseObject({
  object: z.string().optional(),
  id: z.string(),
  created_time: z.string().optional(),
  last_edited_time: z.string().optional(),
  properties: z.record(z.string(), NotionPropertyValue).optional(),
});

/** Member of a block of a type Markdown renders (text, code, to-do, callout, table row, image, video, link...). */
const BlockContent = z.looseObject({
  rich_text: z.array(NotionRichTextPieceSchema).optional(),
  caption: z.array(NotionRichTextPieceSchema).optional(),
  language: z.string().optional(),
  checked: z.boolean().optional(),
  list_start_index: z.number().optional(),
  color: z.string().optional(),
  icon: z.looseObject({ type: z.string(), emoji: z.string().optional() }).nullish(),
  url: z.string().optional(),
  has_column_header: z.boolean().optional(),
  has_row_header: z.boolean().optional(),
  cells: z.array(z.array(NotionRichTextPieceSchema)).optional(),
  type: z.string().optional(),
  file: Url.optional(),
  external: Url.optional(),
});
const RENDERED_BLOCKS = [...BLOCKS_WITH_RENDERED_CHILDREN, "code", "divider", "image", "table_row", "bookmark", "embed", "video"];

/** A block as the children list and block retrieval return it. */
export const NotionBlock = tagged(
  z.looseObject({ id: z.string(), type: z.string(), has_children: z.boolean().optional() }),
  Object.fromEntries(RENDERED_BLOCKS.map((type) => [type, BlockContent.optional()])),
);

const SelectConfig = z.looseObject({ options: z.array(z.looseObject({ name: z.string() })).optional() }).optional();

/** A data source's schema entry: name, type, and the options of a select or multi-select. */
const PropertySchemaShape = z.looseObject({
  name: z.string().optional(),
  type: z.string(),
  select: SelectConfig,
  multi_select: SelectConfig,
});

/** A search result: a data source (complete, or partial without title and properties), or anything else search may list. */
export const NotionSearchResult = z.looseObject({
  object: z.string(),
  id: z.string(),
  title: z.array(NotionRichTextPieceSchema).optional(),
  parent: z.looseObject({ type: z.string().optional(), database_id: z.string().optional() }).optional(),
  properties: z.record(z.string(), PropertySchemaShape).optional(),
  in_trash: z.boolean().optional(),
  archived: z.boolean().optional(),
  last_edited_time: z.string().optional(),
});

/** A data source as search lists it or its retrieval answers (`NotionSearchResult`), with the page its database sits under. */
export const NotionDataSource = NotionSearchResult.extend({
  database_parent: z.looseObject({ type: z.string().optional(), page_id: z.string().optional() }).nullish(),
});

/** A block of a page's children as the catalogue's page lists them: a `child_database` block carries its database's title. */
export const NotionChildBlock = z.looseObject({
  id: z.string(),
  type: z.string(),
  child_database: z.looseObject({ title: z.string() }).optional(),
});

/** A database as its retrieval answers: its data sources (id and name). */
export const NotionDatabase = z.looseObject({
  id: z.string(),
  in_trash: z.boolean().optional(),
  archived: z.boolean().optional(),
  data_sources: z.array(z.looseObject({ id: z.string(), name: z.string().optional() })),
});

/** One cursor page of a list answer (search, query, block children). */
export function notionList<T extends z.ZodType>(item: T) {
  return z.looseObject({ results: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() });
}

/**
 * The answer of one Notion call, checked against `schema`. An answer that is not JSON or does not match becomes an
 * UpstreamError naming `what` and the first mismatch (reported like any Notion failure: 502, previous rows kept).
 */
export async function readNotion<T extends z.ZodType>(what: string, schema: T, call: () => Promise<unknown>): Promise<z.output<T>> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (err) {
    // The client parses the body with JSON.parse and lets its SyntaxError through.
    if (err instanceof SyntaxError) throw new UpstreamError(`Notion: the answer to ${what} is not JSON`);
    throw err;
  }
  const result = schema.safeParse(answer);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (!issue) throw new UpstreamError(`Notion: unexpected answer to ${what}`);
  throw new UpstreamError(`Notion: unexpected answer to ${what}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
}
