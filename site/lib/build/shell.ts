import { API_PATHS } from "#contract/api-paths";
import { Marked } from "marked";
import { ContentBlockSchema, ImageResponseSchema, PageDescriptionSchema, type ContentBlock, type ImageRecord } from "#contract/public-api";
import { escapeHtml, isBlank, plainText, richTextHtml } from "../rich-text";
import { apiTry } from "./api";
import { elements, htmlText, parseHtml, toHtml, unwrap, unwrapSole } from "./html";
import { markdownToHtml } from "./markdown";
import { contactHtml, formattedHtml } from "./managed-text";
import { probeImage } from "./probe";
import { catalogueState } from "./publication";

/** Contact details and name used when managed content is missing. */
export const SHELL_DEFAULTS = {
  siteName: "Coin-Op Antiques",
  phone: "(555) 555-0123",
  email: "info@coinop-antiques.example",
  location: "Illinois, USA",
} as const;

/** The construction notice's prefix, and its text when the dealer wrote none. */
const BANNER_PREFIX = "WEBSITE UNDER CONSTRUCTION — ";
const BANNER_DEFAULT = "Please excuse our appearance while we restore our online presence";

/** The banner: managed rich text, or the amber construction notice. */
export type Banner = { kind: "rich"; html: string } | { kind: "notice"; text: string } | null;

/** Everything the page shell shows, loaded once per build. */
export type Shell = {
  phone: string;
  email: string;
  location: string;
  /** The header title as inline HTML (escaped once). */
  titleHtml: string;
  /** The header title as plain text (not escaped: Astro escapes it where it is shown). */
  titleText: string;
  logo: { url: string; alt: string; width: number; height: number } | null;
  banner: Banner;
  textureUrl: string | null;
  navigationHtml: string | null;
  /** The phone and email as inline HTML (their Notion formatting) for inside their tel:/mailto: links. */
  phoneHtml: string;
  emailHtml: string;
  /** Nothing was ever published: every page shows the first-run note. */
  firstRun: boolean;
};

/** The text of a content block: content, else its rich text, else its title. */
function blockText(block: ContentBlock | null): string {
  if (!block) return "";
  return (block.content ?? "").trim() || plainText(block.richText).trim() || (block.title ?? "").trim();
}

/** The banner rule: rich text shows as itself (nothing when blank); a failed load or any other type shows the notice. */
export function bannerFor(block: ContentBlock | null): Banner {
  if (block?.type === "rich_text") {
    if (isBlank(block.richText, block.content)) return null;
    return { kind: "rich", html: block.richText.length ? richTextHtml(block.richText) : markdownToHtml(block.content ?? "") };
  }
  return { kind: "notice", text: BANNER_PREFIX + ((block?.content ?? "").trim() || BANNER_DEFAULT) };
}

const inline = new Marked({ gfm: true, async: false });

/** The header title's Markdown as sanitised inline HTML: it sits inside the header's link, so no wrapping paragraph and no links. */
export function headerTitleHtml(markdown: string): string {
  const fragment = parseHtml(markdownToHtml(inline.parseInline(markdown) as string));
  unwrapSole(fragment, "p");
  for (const link of elements(fragment, "a")) unwrap(link);
  return toHtml(fragment).trim();
}

/** From an image response (record or list): the record with `id`, else the first. */
function pickImage(response: ImageRecord | ImageRecord[], id: string): ImageRecord | null {
  if (!Array.isArray(response)) return response;
  return response.find((r) => r.id === id) ?? response[0] ?? null;
}

let shell: Promise<Shell> | undefined;

async function load(): Promise<Shell> {
  const block = async (key: string) => {
    const loaded = await apiTry(`${API_PATHS.content}/${key}`, ContentBlockSchema);
    return loaded.ok ? loaded.data : null;
  };
  const image = async (key: string) => {
    const loaded = await apiTry(`${API_PATHS.images}/${key}`, ImageResponseSchema);
    return loaded.ok ? pickImage(loaded.data, key) : null;
  };
  const [state, banner, phone, email, title, logo, texture, nav] = await Promise.all([
    catalogueState(),
    block("banner_message"),
    block("phone_contact_info"),
    block("email_contact_info"),
    block("header_title_markdown"),
    image("header_main_image"),
    image("background-texture"),
    apiTry(`${API_PATHS.pageDescription}/navigation`, PageDescriptionSchema),
  ]);
  const titleHtml = formattedHtml(title, { links: false }) ?? headerTitleHtml(blockText(title) || SHELL_DEFAULTS.siteName);
  const navPieces = nav.ok ? nav.data.richText : null;
  return {
    phone: blockText(phone) || SHELL_DEFAULTS.phone,
    email: blockText(email) || SHELL_DEFAULTS.email,
    location: SHELL_DEFAULTS.location,
    titleHtml,
    titleText: htmlText(titleHtml) || SHELL_DEFAULTS.siteName,
    logo: logo?.imageUrl
      ? { url: logo.imageUrl, alt: logo.altText ?? logo.title ?? "", ...((await probeImage(logo.imageUrl)) ?? { width: 224, height: 56 }) }
      : null,
    banner: bannerFor(banner),
    textureUrl: texture?.imageUrl ?? null,
    navigationHtml:
      nav.ok && !isBlank(navPieces, nav.data.description)
        ? navPieces?.length
          ? richTextHtml(navPieces)
          : escapeHtml(nav.data.description ?? "")
        : null,
    phoneHtml: contactHtml(blockText(phone) ? phone : null, blockText(phone) || SHELL_DEFAULTS.phone),
    emailHtml: contactHtml(blockText(email) ? email : null, blockText(email) || SHELL_DEFAULTS.email),
    firstRun: state === "never-published",
  };
}

/** The shell's data, fetched once per build. */
export function loadShell(): Promise<Shell> {
  shell ??= load();
  return shell;
}
