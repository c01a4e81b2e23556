import { randomUUID } from "node:crypto";
import { blocksOf } from "../block-input.ts";
import { validationError } from "../errors.ts";
import { fileRefs } from "../file-refs.ts";
import { updatePage } from "../page-update.ts";
import { plainTextOf } from "../rich-text-input.ts";
import { pageObject, plainPageObject } from "../shapes/page.ts";
import { addBlock, addPlainPage } from "../store.ts";
import type { StoredDatabase, StoredPage } from "../store-types.ts";
import type { ApiHandler } from "./context.ts";
import { findDatabase, findDataSource, findAnyPage } from "./lookup.ts";

type Obj = Record<string, unknown>;

/**
 * POST /v1/pages: a row of a data source (`parent: {data_source_id}`, or the database's one data source by
 * `database_id`) with `properties` and body `children`, or a page under another page (`parent: {page_id}`, a title and
 * children). Files may name File Uploads. A webhook subscription hears `page.created`.
 */
export const createPage: ApiHandler = ({ body, store, shape, webhooks }) => {
  const parent = body.parent as Obj | undefined;
  if (typeof parent !== "object" || parent === null)
    throw validationError("body failed validation: body.parent should be defined, instead was `undefined`.");
  const refs = fileRefs(store);
  const now = new Date().toISOString();
  if (typeof parent.page_id === "string") {
    const under = findAnyPage(store, parent.page_id);
    const title = plainTextOf("body.properties.title.title", ((body.properties as Obj | undefined)?.title as Obj | undefined)?.title ?? []);
    const children = body.children === undefined ? [] : blocksOf("body.children", body.children, refs);
    const page = addPlainPage(store, { id: randomUUID(), title, body: children }, { type: "page_id", page_id: under.id }, now);
    return plainPageObject(page);
  }
  const db =
    typeof parent.data_source_id === "string"
      ? findDataSource(store, parent.data_source_id)
      : typeof parent.database_id === "string"
        ? findDatabase(store, parent.database_id)
        : null;
  if (!db) throw validationError("body failed validation: body.parent should have a data_source_id, a database_id or a page_id.");
  // Everything is read before the page is stored, so a refused request leaves no half-made page behind.
  const page = newPage(db, now);
  updatePage(page, { properties: body.properties ?? {} }, Date.now(), refs);
  page.lastEditedTime = now;
  const children = body.children === undefined ? [] : blocksOf("body.children", body.children, refs);
  page.blocks = children.map((b, i) => addBlock(store, b, { type: "page_id", page_id: page.id }, `${page.id}:${i}`, now));
  db.pages.push(page);
  store.pages.set(page.id, page);
  webhooks.pageEdited(page, "page.created");
  return pageObject(page, shape);
};

function newPage(db: StoredDatabase, now: string): StoredPage {
  return {
    id: randomUUID(),
    database: db,
    values: {},
    blocks: [],
    createdTime: now,
    lastEditedTime: now,
    number: db.pages.length + 1,
    inTrash: false,
  };
}
