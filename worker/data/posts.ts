import type { Post } from "#contract/public-api";
import { quoteIdent } from "../tables/naming";
import { columnFor, withColumns } from "../tables/columns";
import { type Fields, fieldsOf, firstUrl, num, text } from "./values";

/** Row -> Post: Markdown from the page body, else from the Content property, else empty. */
function toPost(fields: Fields): Post {
  return {
    id: text(fields("id")) ?? "",
    title: text(fields("Title")),
    section: text(fields("Section")) ?? "",
    content: text(fields("body_md")) ?? text(fields("Content")) ?? "",
    imageUrl: firstUrl(fields("Image")),
    displayOrder: num(fields("Display Order")),
    createdTime: text(fields("created_time")),
  };
}

/** The posts of a section by ascending Display Order (posts without one last, then by creation). */
export function listPosts(db: D1Database, section: string): Promise<Post[]> {
  return withColumns(db, "Posts", async (columns) => {
    const sectionColumn = columnFor(columns, "Section");
    if (sectionColumn === undefined) return [];
    const order = columnFor(columns, "Display Order");
    const byOrder = order === undefined ? "" : `${quoteIdent(order)} IS NULL, ${quoteIdent(order)}, `;
    const created = columnFor(columns, "created_time");
    const byCreated = created === undefined ? "" : `${quoteIdent(created)}, `;
    const { results } = await db
      .prepare(
        `SELECT * FROM ${quoteIdent(columns.table)} WHERE ${quoteIdent(sectionColumn)} = ?1 COLLATE NOCASE ORDER BY ${byOrder}${byCreated}id`,
      )
      .bind(section)
      .all<Record<string, unknown>>();
    return results.map((row) => toPost(fieldsOf(row, columns)));
  });
}
