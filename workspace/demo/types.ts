/** The demo's content format: plain data that setup turns into Notion requests and the local Notion server serves as a workspace. */
import type { LayoutType } from "#contract/notion-layout";

/** A property of a demo database: a type the workspace layout accepts, a select's options, a number's format. */
export type DemoProperty = { type: LayoutType; options?: string[]; format?: string };

/** A styled run of text as the demo writes it (bold, italic, a Notion colour); `link` makes it a hyperlink. */
export type Span = { text: string; bold?: boolean; italic?: boolean; color?: string; link?: string };

/** Rich text: a plain string or styled spans. */
export type Rich = string | Span[];

/**
 * A picture: `image` names one of the demo's pictures (`site/public/demo-images/`, uploaded into Notion by setup);
 * `external` is a URL kept as it is (`$SERVER/public/<picture>`: the same picture, served by the local Notion server as
 * an external host would).
 */
export type DemoFile = { image: string; name?: string } | { external: string; name?: string };

/** A property value; its meaning follows the property type. */
export type DemoValue = string | number | boolean | null | string[] | Span[] | DemoFile[];

/** Page body blocks in a compact form. */
export type DemoBlock =
  | { type: "paragraph" | "heading_1" | "heading_2" | "heading_3" | "quote"; text: Rich; children?: DemoBlock[] }
  | { type: "bulleted_list_item" | "numbered_list_item" | "toggle"; text: Rich; children?: DemoBlock[] }
  | { type: "callout"; text: Rich; emoji?: string; color?: string; children?: DemoBlock[] }
  | { type: "column_list"; children: DemoColumn[] }
  | DemoColumn
  | { type: "table"; width: number; columnHeader?: boolean; rowHeader?: boolean; children: DemoTableRow[] }
  | DemoTableRow
  | { type: "code"; text: string; language?: string }
  | { type: "divider" }
  | { type: "image"; file: DemoFile; caption?: Rich }
  | { type: "embed" | "bookmark" | "video"; url: string; caption?: Rich };

/** A column of a column list: its blocks. */
type DemoColumn = { type: "column"; children: DemoBlock[] };

/** A row of a table: one rich text per cell. */
type DemoTableRow = { type: "table_row"; cells: Rich[] };

/** A page (a database row): property values by property name, optional body. */
export type DemoPage = {
  /** A page that only tests the site against hostile content: setup leaves it out of a dealer's workspace. */
  testOnly?: true;
  properties: Record<string, DemoValue>;
  body?: DemoBlock[];
};

/** A database of the demo. */
export type DemoDatabase = { title: string; properties: Record<string, DemoProperty>; pages: DemoPage[] };

/** The whole demo workspace. */
export type DemoWorkspace = { id: string; name: string; databases: DemoDatabase[] };
