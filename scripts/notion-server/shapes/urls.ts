/** Notion's public page URL form: `https://www.notion.so/<Title-Slug>-<id without dashes>`. */
export function notionUrl(id: string, title = ""): string {
  const slug = title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  const bare = id.replace(/-/g, "");
  return `https://www.notion.so/${slug ? `${slug}-` : ""}${bare}`;
}
