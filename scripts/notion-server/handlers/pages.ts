import { fileRefs } from "../file-refs.ts";
import { updatePage } from "../page-update.ts";
import { pageObject, plainPageObject } from "../shapes/page.ts";
import type { ApiHandler } from "./context.ts";
import { findAnyPage, findPage } from "./lookup.ts";

/** GET /v1/pages/{id}: a database row, or a page outside any database. */
export const getPage: ApiHandler = ({ params, store, shape }) => {
  const page = findAnyPage(store, params[0]);
  return "database" in page ? pageObject(page, shape) : plainPageObject(page);
};

/** PATCH /v1/pages/{id}: updates properties (and in_trash), returns the page; a webhook subscription hears of it. */
export const patchPage: ApiHandler = ({ params, body, store, shape, webhooks }) => {
  const page = findPage(store, params[0]);
  const wasTrashed = page.inTrash;
  updatePage(page, body, Date.now(), fileRefs(store));
  webhooks.pageEdited(page, page.inTrash === wasTrashed ? "page.properties_updated" : page.inTrash ? "page.deleted" : "page.undeleted");
  return pageObject(page, shape);
};
