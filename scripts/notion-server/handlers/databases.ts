import { pageSize, paginate } from "../pagination.ts";
import { filterPages, sortPages } from "../query.ts";
import { databaseObject, dataSourceObject } from "../shapes/database.ts";
import { pageObject } from "../shapes/page.ts";
import type { ApiHandler } from "./context.ts";
import { findDatabase, findDataSource } from "./lookup.ts";

/** GET /v1/databases/{id}. */
export const getDatabase: ApiHandler = ({ params, store }) => databaseObject(findDatabase(store, params[0]));

/** GET /v1/data_sources/{id}. */
export const getDataSource: ApiHandler = ({ params, store }) => dataSourceObject(findDataSource(store, params[0]));

/** POST /v1/data_sources/{id}/query: pages not in trash, filtered and sorted, 100 per page by default. */
export const queryDataSource: ApiHandler = ({ params, body, store, shape }) => {
  const db = findDataSource(store, params[0]);
  const size = pageSize(body.page_size, "body");
  const pages = sortPages(filterPages(db.pages.filter((p) => !p.inTrash), body.filter), body.sorts);
  const list = paginate(pages, body.start_cursor, size);
  return { ...list, results: list.results.map((p) => pageObject(p, shape)), type: "page_or_data_source", page_or_data_source: {} };
};
