import { APIErrorCode, APIResponseError, collectPaginatedAPI, extractPageId, isFullBlock, isFullPage, type Client } from "@notionhq/client";
import { SetupError } from "./setup-error.ts";

const SHARE = "In Notion, open the page, choose ••• → Connections and add your integration, then try again.";

/** The page the catalogue's databases sit under: its id and title. */
export type ParentPage = { id: string; title: string };

/** The page `raw` names (an id or a page URL), once Notion shows it to the integration; else how to share it. */
export async function parentPage(notion: Client, raw: string): Promise<ParentPage> {
  const id = extractPageId(raw);
  if (!id) throw new SetupError(`${raw} is neither a page id nor a page URL: copy the page's link in Notion (••• → Copy link).`);
  let page;
  try {
    page = await notion.pages.retrieve({ page_id: id });
  } catch (error) {
    if (APIResponseError.isAPIResponseError(error) && error.code === APIErrorCode.ObjectNotFound)
      throw new SetupError(`The integration cannot see the page ${id}: it does not exist or is not shared with the integration. ${SHARE}`);
    throw error;
  }
  if (!isFullPage(page)) throw new SetupError(`The integration cannot read the page ${id}. ${SHARE}`);
  if (page.in_trash) throw new SetupError(`The page ${id} is in Notion's trash: restore it, or give another page.`);
  const title = Object.values(page.properties).find((p) => p.type === "title");
  return { id: page.id, title: title?.type === "title" ? title.title.map((t) => t.plain_text).join("") : "" };
}

/** The databases directly under a page, as its child_database blocks list them: id and title. */
export async function childDatabases(notion: Client, pageId: string): Promise<{ id: string; title: string }[]> {
  const blocks = await collectPaginatedAPI(notion.blocks.children.list, { block_id: pageId, page_size: 100 });
  return blocks.flatMap((b) => (isFullBlock(b) && b.type === "child_database" ? [{ id: b.id, title: b.child_database.title }] : []));
}
