import { createHash } from "node:crypto";
import { databaseIdFor, dataSourceIdFor, pageIdFor, seededId } from "./ids.ts";
import type { BlockSpec, DatabaseSpec, FileSpec, PageSpec, PlainPageSpec, PropertySpec, SimpleValue, Workspace } from "./workspace.ts";
import { plainText } from "./shapes/rich-text.ts";
import type {
  BlockParent,
  PlainPageParent,
  Store,
  StoredBlock,
  StoredDatabase,
  StoredPage,
  StoredPlainPage,
  StoredProperty,
} from "./store-types.ts";

const BASE_TIME = Date.UTC(2025, 0, 6, 9, 0, 0);
const MINUTE = 60_000;
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:;=?@[]^`{|}~";

/** Builds the server's indexed, mutable copy of a workspace (ids, timestamps and file ids filled in). */
export function buildStore(workspace: Workspace): Store {
  const store: Store = {
    workspaceId: workspace.id,
    databases: [],
    pages: new Map(),
    blocks: new Map(),
    files: new Map(),
    plainPages: new Map(),
    uploads: new Map(),
  };
  for (const spec of workspace.pages ?? []) addPlainPage(store, spec, { type: "workspace", workspace: true }, iso(BASE_TIME));
  for (const spec of workspace.databases) addDatabase(store, spec);
  return store;
}

/** Adds a page outside any database (its id seeded from its title unless given); answers it. */
export function addPlainPage(store: Store, spec: PlainPageSpec, parent: PlainPageParent, time: string): StoredPlainPage {
  const id = spec.id ?? seededId(`plain-page:${spec.title}`);
  if (store.plainPages.has(id) || store.pages.has(id)) throw new Error(`a page with id ${id} already exists`);
  const page: StoredPlainPage = { id, title: spec.title, parent, blocks: [], createdTime: time, lastEditedTime: time, inTrash: false };
  page.blocks = (spec.body ?? []).map((b, i) => addBlock(store, b, { type: "page_id", page_id: id }, `${id}:${i}`, time));
  store.plainPages.set(id, page);
  return page;
}

/** Adds one database to the store; throws an Error naming the problem when the spec is inconsistent. */
export function addDatabase(store: Store, spec: DatabaseSpec): StoredDatabase {
  const index = store.databases.length;
  const id = spec.id ?? databaseIdFor(spec.title);
  if (store.databases.some((d) => d.id === id))
    throw new Error(`a database with id ${id} (title ${JSON.stringify(spec.title)}) already exists`);
  const dataSourceId = spec.dataSourceId ?? dataSourceIdFor(spec.title);
  const created = iso(BASE_TIME + index * 24 * 60 * MINUTE);
  const properties = Object.entries(spec.properties).map(([name, p]) => storedProperty(dataSourceId, name, p));
  if (properties.filter((p) => p.type === "title").length !== 1)
    throw new Error(`database ${JSON.stringify(spec.title)} needs exactly one title property`);
  for (const page of spec.pages) {
    const unknown = Object.keys(page.properties).find((name) => !(name in spec.properties));
    if (unknown !== undefined) throw new Error(`a page of ${JSON.stringify(spec.title)} sets unknown property ${JSON.stringify(unknown)}`);
  }
  const db: StoredDatabase = {
    id,
    dataSourceId,
    title: spec.title,
    description: spec.description ?? "",
    properties,
    pages: [],
    createdTime: created,
    lastEditedTime: created,
  };
  store.databases.push(db);
  spec.pages.forEach((page, i) => addPage(store, db, page, Date.parse(created) + (i + 1) * 7 * MINUTE));
  return db;
}

/** Removes every database titled `title` (ignoring case and surrounding spaces) with its pages, as deleting them in Notion would. */
export function removeDatabasesTitled(store: Store, title: string): void {
  const key = title.trim().toLowerCase();
  const removed = store.databases.filter((d) => d.title.trim().toLowerCase() === key);
  store.databases = store.databases.filter((d) => !removed.includes(d));
  for (const page of removed.flatMap((d) => d.pages)) store.pages.delete(page.id);
}

/** A schema property as stored: its Notion-style id (the title property is always `title`) and relation target. */
export function storedProperty(dataSourceId: string, name: string, p: PropertySpec): StoredProperty {
  const id = p.type === "title" ? "title" : propertyId(`${dataSourceId}:${name}`);
  const relation = p.relatesTo ? { database_id: databaseIdFor(p.relatesTo), data_source_id: dataSourceIdFor(p.relatesTo) } : undefined;
  return { ...p, id, name, relation };
}

/** A short Notion-style property id (URL-encoded, like `%3AUPp`). */
function propertyId(seed: string): string {
  const bytes = createHash("sha256").update(seed).digest();
  return Array.from(bytes.subarray(0, 4), (b) =>
    encodeURIComponent(ID_CHARS.charAt(b % ID_CHARS.length)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ).join("");
}

function addPage(store: Store, db: StoredDatabase, spec: PageSpec, createdMs: number) {
  const titleName = db.properties.find((p) => p.type === "title")!.name;
  let id = spec.id ?? pageIdFor(db.title, plainText(spec.properties[titleName] as string));
  for (let n = 2; store.pages.has(id); n++)
    id = spec.id ? fail(`duplicate page id ${id}`) : pageIdFor(db.title, `${plainText(spec.properties[titleName] as string)}#${n}`);
  const createdTime = spec.createdTime ?? iso(createdMs);
  const values: Record<string, SimpleValue> = {};
  for (const p of db.properties) {
    const v = spec.properties[p.name];
    if (v === undefined) continue;
    values[p.name] =
      p.type === "files" && Array.isArray(v)
        ? (v as FileSpec[]).map((f, i) => registerFile(store, f, `${id}:${p.name}:${i}`))
        : structuredClone(v);
  }
  const page: StoredPage = {
    id,
    database: db,
    values,
    blocks: [],
    createdTime,
    lastEditedTime: spec.lastEditedTime ?? createdTime,
    number: db.pages.length + 1,
    inTrash: false,
  };
  page.blocks = (spec.body ?? []).map((b, i) => addBlock(store, b, { type: "page_id", page_id: id }, `${id}:${i}`, createdTime));
  db.pages.push(page);
  store.pages.set(id, page);
  if (page.lastEditedTime > db.lastEditedTime) db.lastEditedTime = page.lastEditedTime;
}

/** Adds a body block (and its children) under `parent`, registering an image's file; block ids derive from `seed`. */
export function addBlock(store: Store, spec: BlockSpec, parent: BlockParent, seed: string, time: string): StoredBlock {
  const id = seededId(`block:${seed}`);
  const own: BlockSpec = spec.type === "image" ? { ...spec, file: registerFile(store, spec.file, `${seed}:image`) } : { ...spec };
  const kids = "children" in spec && spec.children ? spec.children : [];
  const block: StoredBlock = { id, spec: own, children: [], parent, createdTime: time, lastEditedTime: time };
  block.children = kids.map((c, i) => addBlock(store, c, { type: "block_id", block_id: id }, `${seed}:${i}`, time));
  store.blocks.set(id, block);
  return block;
}

function registerFile(store: Store, f: FileSpec, seed: string): FileSpec {
  if ("external" in f) return { ...f };
  // A file already stored (an uploaded one attached again) keeps its bytes.
  if (f.id && store.files.has(f.id)) return { ...f };
  const id = f.id ?? seededId(`file:${seed}`);
  const name = f.name ?? f.image.split("/").pop()!;
  store.files.set(id, { id, name, image: f.image });
  return { ...f, id, name };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function fail(message: string): never {
  throw new Error(message);
}
