import type { StoredDatabase } from "../store-types.ts";
import { richText } from "./rich-text.ts";
import { propertySchema } from "./schema.ts";
import { notionUrl } from "./urls.ts";
import { partialUser } from "./users.ts";

const WORKSPACE_PARENT = { type: "workspace", workspace: true };

/** Where a database hangs: the page it was created under, or the workspace. */
const parentOf = (db: StoredDatabase) => (db.parentPageId ? { type: "page_id", page_id: db.parentPageId } : WORKSPACE_PARENT);

/** A database object in the 2025-09-03 shape: title and child data sources, no schema. */
export function databaseObject(db: StoredDatabase) {
  return {
    object: "database",
    id: db.id,
    title: richText(db.title),
    description: richText(db.description),
    parent: parentOf(db),
    is_inline: false,
    in_trash: db.inTrash ?? false,
    archived: db.inTrash ?? false,
    is_locked: false,
    created_time: db.createdTime,
    last_edited_time: db.lastEditedTime,
    created_by: partialUser(),
    last_edited_by: partialUser(),
    data_sources: [{ id: db.dataSourceId, name: db.title }],
    icon: null,
    cover: null,
    url: notionUrl(db.id),
    public_url: null,
  };
}

/** A data source object: title, schema (`properties`), parent database and the database's own parent. */
export function dataSourceObject(db: StoredDatabase) {
  return {
    object: "data_source",
    id: db.dataSourceId,
    title: richText(db.title),
    description: richText(db.description),
    parent: { type: "database_id", database_id: db.id },
    database_parent: parentOf(db),
    is_inline: false,
    in_trash: db.inTrash ?? false,
    archived: db.inTrash ?? false,
    created_time: db.createdTime,
    last_edited_time: db.lastEditedTime,
    created_by: partialUser(),
    last_edited_by: partialUser(),
    properties: Object.fromEntries(db.properties.map((p) => [p.name, propertySchema(p)])),
    icon: null,
    cover: null,
    url: notionUrl(db.dataSourceId),
    public_url: null,
  };
}
