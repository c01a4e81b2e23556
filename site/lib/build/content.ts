import { API_PATHS } from "#contract/api-paths";
import { PageDescriptionSchema, PageHeaderSchema, PostsSchema } from "#contract/public-api";
import { resolveHeader, type PageId, type ResolvedHeader } from "../page-defaults";
import { isBlank, richTextHtml, escapeHtml } from "../rich-text";
import { apiTry, type Loaded } from "./api";
import { markdownToHtml } from "./markdown";
import { responsiveSrcset } from "./responsive";
import { probeImage, sizeImages } from "./probe";
import type { Size } from "#contract/image-size";
import * as z from "zod/mini";

/** A post ready to render: sanitised HTML, or null when its content is empty. */
export type RenderedPost = {
  id: string;
  title: string | null;
  html: string | null;
  imageUrl: string | null;
  imageSize: Size | null;
  imageSrcset: string | null;
};

/** The page header answer, in the API's shape or with the Notion properties' names (`Title`, `IconType`). */
const PageHeaderReadingSchema = z.union([PageHeaderSchema, z.object({ Title: z.nullable(z.string()), IconType: z.nullable(z.string()) })]);

/** The page's header (managed title/icon, or the page's defaults when missing or failing). */
export async function pageHeader(pageId: PageId): Promise<ResolvedHeader> {
  const loaded = await apiTry(`${API_PATHS.pageHeaders}/${pageId}`, PageHeaderReadingSchema);
  return resolveHeader(pageId, loaded.ok ? loaded.data : null);
}

/** A section's description: its HTML, nothing (missing or blank), or a failed load. */
export type Description = { state: "ok"; html: string } | { state: "none" } | { state: "error" };

/** A section's description (rich text, else the plain description). */
export async function pageDescription(section: string): Promise<Description> {
  const loaded = await apiTry(`${API_PATHS.pageDescription}/${section}`, PageDescriptionSchema);
  if (!loaded.ok) return loaded.status === 404 ? { state: "none" } : { state: "error" };
  if (isBlank(loaded.data.richText, loaded.data.description)) return { state: "none" };
  const pieces = loaded.data.richText;
  return { state: "ok", html: pieces.length && !isBlank(pieces) ? richTextHtml(pieces) : escapeHtml(loaded.data.description ?? "") };
}

/** A section's posts in ascending display order, rendered from Markdown; or the load error. */
export async function sectionPosts(section: string): Promise<Loaded<RenderedPost[]>> {
  const loaded = await apiTry(`${API_PATHS.posts}/section/${section}`, PostsSchema);
  if (!loaded.ok) return loaded;
  const posts = [...loaded.data].sort((a, b) => (a.displayOrder ?? Number.MAX_SAFE_INTEGER) - (b.displayOrder ?? Number.MAX_SAFE_INTEGER));
  return {
    ok: true,
    data: await Promise.all(
      posts.map(async (post) => ({
        id: post.id,
        title: post.title,
        html: post.content.trim() ? await sizeImages(markdownToHtml(post.content)) : null,
        imageUrl: post.imageUrl,
        imageSize: post.imageUrl ? await probeImage(post.imageUrl) : null,
        imageSrcset: await responsiveSrcset(post.imageUrl),
      })),
    ),
  };
}
