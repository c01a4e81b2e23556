import type { BlockSpec, PropertySpec, SimpleValue } from "./workspace.ts";

/** A schema property with its Notion property id and name. */
export type StoredProperty = PropertySpec & { id: string; name: string; relation?: { database_id: string; data_source_id: string } };

/** A Notion-hosted file: its id, download name and the bundled image it serves, or the bytes an API upload sent. */
export type StoredFile = { id: string; name: string; image: string; bytes?: Buffer; contentType?: string };

/** A File Upload (`POST /v1/file_uploads`): pending until its bytes are sent, then attachable (as `fileId` once attached). */
export type StoredUpload = {
  id: string;
  mode: "single_part" | "multi_part";
  createdTime: string;
  expiryTime: string;
  status: "pending" | "uploaded";
  filename: string | null;
  contentType: string | null;
  bytes?: Buffer;
  fileId?: string;
  /** A multi-part upload's parts: how many, and those sent so far by part number. */
  numberOfParts?: number;
  parts?: Map<number, Buffer>;
};

/** Where a page outside any database hangs: the workspace or another page. */
export type PlainPageParent = { type: "workspace"; workspace: true } | { type: "page_id"; page_id: string };

/** A page outside any database: its title and body (databases created under it are listed as its child_database blocks). */
export type StoredPlainPage = {
  id: string;
  title: string;
  parent: PlainPageParent;
  blocks: StoredBlock[];
  createdTime: string;
  lastEditedTime: string;
  inTrash: boolean;
};

/** Where a block hangs: a page or another block. */
export type BlockParent = { type: "page_id"; page_id: string } | { type: "block_id"; block_id: string };

/** A body block with its id and nested children. */
export type StoredBlock = {
  id: string;
  spec: BlockSpec;
  children: StoredBlock[];
  parent: BlockParent;
  createdTime: string;
  lastEditedTime: string;
};

/** A page of a database; `values` keyed by property name, files carry their ids. */
export type StoredPage = {
  id: string;
  database: StoredDatabase;
  values: Record<string, SimpleValue>;
  blocks: StoredBlock[];
  createdTime: string;
  lastEditedTime: string;
  number: number;
  inTrash: boolean;
};

/** A database and its single data source. */
export type StoredDatabase = {
  id: string;
  dataSourceId: string;
  title: string;
  description: string;
  properties: StoredProperty[];
  pages: StoredPage[];
  createdTime: string;
  lastEditedTime: string;
  /** The page it was created under (`POST /v1/databases`), or none for the workspace's own databases. */
  parentPageId?: string;
  inTrash?: boolean;
};

/** The server's mutable copy of a workspace, indexed by id. */
export type Store = {
  workspaceId: string;
  databases: StoredDatabase[];
  pages: Map<string, StoredPage>;
  blocks: Map<string, StoredBlock>;
  files: Map<string, StoredFile>;
  plainPages: Map<string, StoredPlainPage>;
  uploads: Map<string, StoredUpload>;
};
