import { updatePage } from "../page-update.ts";
import { pageObject } from "../shapes/page.ts";
import type { ApiHandler } from "./context.ts";
import { findPage } from "./lookup.ts";

/** GET /v1/pages/{id}. */
export const getPage: ApiHandler = ({ params, store, shape }) => pageObject(findPage(store, params[0]), shape);

/** PATCH /v1/pages/{id}: updates properties (and in_trash), returns the page. */
export const patchPage: ApiHandler = ({ params, body, store, shape }) => {
  const page = findPage(store, params[0]);
  updatePage(page, body);
  return pageObject(page, shape);
};
