import { notFound } from "../errors.ts";
import { pageSize, paginate } from "../pagination.ts";
import { blockObject } from "../shapes/block.ts";
import type { ApiHandler } from "./context.ts";
import { normaliseId } from "./lookup.ts";

/** GET /v1/blocks/{id}/children: the children of a page or block, 100 per page by default. */
export const blockChildren: ApiHandler = ({ params, query, store, shape }) => {
  const id = normaliseId(params[0], "block_id");
  const children = store.pages.get(id)?.blocks ?? store.blocks.get(id)?.children;
  if (!children) throw notFound(id, "block");
  const list = paginate(children, query.get("start_cursor"), pageSize(query.get("page_size"), "query"));
  return { ...list, results: list.results.map((b) => blockObject(b, shape)), type: "block", block: {} };
};

/** GET /v1/blocks/{id}: one body block. */
export const getBlock: ApiHandler = ({ params, store, shape }) => {
  const id = normaliseId(params[0], "block_id");
  const block = store.blocks.get(id);
  if (!block) throw notFound(id, "block");
  return blockObject(block, shape);
};
