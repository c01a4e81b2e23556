import { randomUUID } from "node:crypto";
import { blocksOf } from "../block-input.ts";
import { notFound } from "../errors.ts";
import { fileRefs } from "../file-refs.ts";
import { pageSize, paginate } from "../pagination.ts";
import { blockObject } from "../shapes/block.ts";
import { addBlock } from "../store.ts";
import type { BlockParent, Store, StoredBlock } from "../store-types.ts";
import type { ApiHandler } from "./context.ts";
import { normaliseId } from "./lookup.ts";

/**
 * GET /v1/blocks/{id}/children: the children of a page or block, 100 per page by default. A page's children end with
 * a `child_database` block (id: the database's) for each database created under it and a `child_page` block for each
 * page, as Notion lists them; those in the trash are left out.
 */
export const blockChildren: ApiHandler = ({ params, query, store, shape }) => {
  const id = normaliseId(params[0], "block_id");
  const page = store.pages.get(id) ?? store.plainPages.get(id);
  const children = page ? [...page.blocks, ...childObjects(store, id)] : store.blocks.get(id)?.children;
  if (!children) throw notFound(id, "block");
  const list = paginate(children, query.get("start_cursor"), pageSize(query.get("page_size"), "query"));
  return { ...list, results: list.results.map((b) => blockObject(b, shape)), type: "block", block: {} };
};

/** The databases and pages created under page `id`, as the blocks that stand for them in its body. */
function childObjects(store: Store, id: string): StoredBlock[] {
  const parent = { type: "page_id", page_id: id } as const;
  const databases = store.databases
    .filter((d) => d.parentPageId === id && !d.inTrash)
    .map((d) => ({ id: d.id, spec: { type: "child_database", title: d.title } as const, d }));
  const pages = [...store.plainPages.values()]
    .filter((p) => p.parent.type === "page_id" && p.parent.page_id === id && !p.inTrash)
    .map((p) => ({ id: p.id, spec: { type: "child_page", title: p.title } as const, d: p }));
  return [...databases, ...pages]
    .sort((a, b) => a.d.createdTime.localeCompare(b.d.createdTime))
    .map(({ id, spec, d }) => ({ id, spec, children: [], parent, createdTime: d.createdTime, lastEditedTime: d.lastEditedTime }));
}

/** GET /v1/blocks/{id}: one body block. */
export const getBlock: ApiHandler = ({ params, store, shape }) => {
  const id = normaliseId(params[0], "block_id");
  const block = store.blocks.get(id);
  if (!block) throw notFound(id, "block");
  return blockObject(block, shape);
};

/** PATCH /v1/blocks/{id}/children: appends `children` (at most 100, nested two levels) to a page's body or a block; answers the new blocks. */
export const appendBlockChildren: ApiHandler = ({ params, body, store, shape }) => {
  const id = normaliseId(params[0], "block_id");
  const owner = store.pages.get(id) ?? store.plainPages.get(id) ?? store.blocks.get(id);
  if (!owner) throw notFound(id, "block");
  const specs = blocksOf("body.children", body.children, fileRefs(store));
  const now = new Date().toISOString();
  const parent: BlockParent = "spec" in owner ? { type: "block_id", block_id: id } : { type: "page_id", page_id: id };
  const list = "spec" in owner ? owner.children : owner.blocks;
  const added = specs.map((spec) => addBlock(store, spec, parent, `${id}:${randomUUID()}`, now));
  list.push(...added);
  return { object: "list", results: added.map((b) => blockObject(b, shape)), next_cursor: null, has_more: false, type: "block", block: {} };
};
