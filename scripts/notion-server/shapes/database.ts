import type { StoredDatabase } from "../store-types.ts";
import { richText } from "./rich-text.ts";
import { propertySchema } from "./schema.ts";
import { notionUrl } from "./urls.ts";
import { partialUser } from "./users.ts";

const WORKSPACE_PARENT = { type: "workspace", workspace: true };

/** A database object in the 2025-09-03 shape: title and child data sources, no schema. */
export function databaseObject(db: StoredDatabase) {
  return {
    object: "database",
    id: db.id,
    title: richText(db.title),
    description: richText(db.description),
    parent: WORKSPACE_PARENT,
    is_inline: false,
    in_trash: false,
    archived: false,
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
    database_parent: WORKSPACE_PARENT,
    is_inline: false,
    in_trash: false,
    archived: false,
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
