import type { StoredPage, StoredPlainPage } from "../store-types.ts";
import { richText } from "./rich-text.ts";
import type { ShapeContext } from "./context.ts";
import { plainText } from "./rich-text.ts";
import { notionUrl } from "./urls.ts";
import { partialUser } from "./users.ts";
import { propertyValue } from "./values.ts";

/** A page object in Notion's 2025-09-03 shape (parent is the data source). */
export function pageObject(page: StoredPage, ctx: ShapeContext) {
  const db = page.database;
  const titleProperty = db.properties.find((p) => p.type === "title");
  const title = titleProperty ? plainText(page.values[titleProperty.name] as string) : "";
  return {
    object: "page",
    id: page.id,
    created_time: page.createdTime,
    last_edited_time: page.lastEditedTime,
    created_by: partialUser(),
    last_edited_by: partialUser(),
    cover: null,
    icon: null,
    parent: { type: "data_source_id", data_source_id: db.dataSourceId, database_id: db.id },
    in_trash: page.inTrash,
    archived: page.inTrash,
    is_archived: page.inTrash,
    is_locked: false,
    properties: Object.fromEntries(db.properties.map((p) => [p.name, propertyValue(p, page, ctx)])),
    url: notionUrl(page.id, title),
    public_url: null,
  };
}

/** A page outside any database in Notion's shape: its one property is its title. */
export function plainPageObject(page: StoredPlainPage) {
  return {
    object: "page",
    id: page.id,
    created_time: page.createdTime,
    last_edited_time: page.lastEditedTime,
    created_by: partialUser(),
    last_edited_by: partialUser(),
    cover: null,
    icon: null,
    parent: page.parent,
    in_trash: page.inTrash,
    archived: page.inTrash,
    is_archived: page.inTrash,
    is_locked: false,
    properties: { title: { id: "title", type: "title", title: richText(page.title) } },
    url: notionUrl(page.id, page.title),
    public_url: null,
  };
}
