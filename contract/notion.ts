/** The Notion API version every Notion call pins (the `Notion-Version` header), and the local Notion server accepts. */
export const NOTION_VERSION = "2025-09-03";
