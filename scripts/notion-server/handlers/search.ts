import { validationError } from "../errors.ts";
import { pageSize, paginate } from "../pagination.ts";
import { dataSourceObject } from "../shapes/database.ts";
import { pageObject, plainPageObject } from "../shapes/page.ts";
import { plainText } from "../shapes/rich-text.ts";
import type { ApiHandler } from "./context.ts";

type Hit = { id: string; title: string; edited: string; render(): unknown };

/**
 * POST /v1/search: title contains `query` (case-insensitive); filter by object `page` or `data_source`; the trash left
 * out, and, as Notion's indexing lags behind writes, anything written less than `searchLagMs` ago.
 */
export const search: ApiHandler = ({ body, store, shape, searchLagMs }) => {
  const filter = body.filter as { property?: string; value?: string } | undefined;
  if (filter && filter.property === "object" && filter.value !== "page" && filter.value !== "data_source") {
    throw validationError(
      `body failed validation: body.filter.value should be \`"page"\` or \`"data_source"\`, instead was \`${JSON.stringify(filter.value)}\`.`,
    );
  }
  const query = typeof body.query === "string" ? body.query.trim().toLowerCase() : "";
  const hits: Hit[] = [];
  if (filter?.value !== "page") {
    for (const db of store.databases.filter((d) => !d.inTrash))
      hits.push({ id: db.dataSourceId, title: db.title, edited: db.lastEditedTime, render: () => dataSourceObject(db) });
  }
  if (filter?.value !== "data_source") {
    for (const page of [...store.plainPages.values()].filter((p) => !p.inTrash))
      hits.push({ id: page.id, title: page.title, edited: page.lastEditedTime, render: () => plainPageObject(page) });
    for (const db of store.databases.filter((d) => !d.inTrash)) {
      const titleName = db.properties.find((p) => p.type === "title")!.name;
      for (const page of db.pages.filter((p) => !p.inTrash)) {
        hits.push({
          id: page.id,
          title: plainText(page.values[titleName] as string),
          edited: page.lastEditedTime,
          render: () => pageObject(page, shape),
        });
      }
    }
  }
  const sort = body.sort as { timestamp?: string; direction?: string } | undefined;
  if (sort?.timestamp === "last_edited_time") {
    const dir = sort.direction === "ascending" ? 1 : -1;
    hits.sort((a, b) => (a.edited < b.edited ? -dir : a.edited > b.edited ? dir : 0));
  }
  const now = Date.now();
  const indexed = (h: Hit) => searchLagMs <= 0 || now - Date.parse(h.edited) >= searchLagMs;
  const found = hits.filter((h) => h.title.toLowerCase().includes(query) && indexed(h));
  const list = paginate(found, body.start_cursor, pageSize(body.page_size, "body"));
  return { ...list, results: list.results.map((h) => h.render()), type: "page_or_data_source", page_or_data_source: {} };
};
