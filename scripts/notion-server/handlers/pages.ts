import { updatePage } from "../page-update.ts";
import { pageObject } from "../shapes/page.ts";
import type { ApiHandler } from "./context.ts";
import { findPage } from "./lookup.ts";

/** GET /v1/pages/{id}. */
export const getPage: ApiHandler = ({ params, store, shape }) => pageObject(findPage(store, params[0]), shape);

/** PATCH /v1/pages/{id}: updates properties (and in_trash), returns the page; a webhook subscription hears of it. */
export const patchPage: ApiHandler = ({ params, body, store, shape, webhooks }) => {
  const page = findPage(store, params[0]);
  const wasTrashed = page.inTrash;
  updatePage(page, body, Date.now(), (url) => {
    const [, files, workspaceId, fileId] = new URL(url, "http://local").pathname.split("/");
    const file = files === "files" && workspaceId === store.workspaceId ? store.files.get(fileId ?? "") : undefined;
    return file ? { image: file.image, name: file.name, id: file.id } : undefined;
  });
  webhooks.pageEdited(page, page.inTrash === wasTrashed ? "page.properties_updated" : page.inTrash ? "page.deleted" : "page.undeleted");
  return pageObject(page, shape);
};
