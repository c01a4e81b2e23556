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

/**
 * POST /v1/data_sources/{id}/query: pages not in trash, filtered and sorted, 100 per page by default. The
 * `filter_properties` query parameters (property ids, repeatable) limit each page's `properties` to those.
 */
export const queryDataSource: ApiHandler = ({ params, body, query, store, shape }) => {
  const db = findDataSource(store, params[0]);
  const size = pageSize(body.page_size, "body");
  const pages = sortPages(
    filterPages(
      db.pages.filter((p) => !p.inTrash),
      body.filter,
    ),
    body.sorts,
  );
  const list = paginate(pages, body.start_cursor, size);
  const only = query.getAll("filter_properties");
  const keep = (id: string) => only.includes(id) || only.includes(decodeURIComponent(id));
  const results = list.results.map((p) => {
    const page = pageObject(p, shape);
    if (only.length === 0) return page;
    const ids = new Set(db.properties.filter((x) => keep(x.id)).map((x) => x.name));
    return { ...page, properties: Object.fromEntries(Object.entries(page.properties).filter(([name]) => ids.has(name))) };
  });
  return { ...list, results, type: "page_or_data_source", page_or_data_source: {} };
};
