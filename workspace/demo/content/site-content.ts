import { b, hosted, link, t } from "../blocks.ts";
import { layoutProperties } from "../schemas.ts";
import type { DemoDatabase } from "../types.ts";

/** Site Content: banner, header image, contact details and the header title (Markdown). */
export const SITE_CONTENT: DemoDatabase = {
  title: "Site Content",
  properties: layoutProperties("Site Content"),
  pages: [
    {
      properties: {
        Key: "banner_message",
        Type: "rich_text",
        Content: [
          t("Now restoring: "),
          b("a 1933 Mills Castle Front"),
          t(". New photos are in the gallery, and "),
          link("restored machines are for sale", "/for-sale"),
          t("."),
        ],
        Title: "Banner",
      },
    },
    { properties: { Key: "header_image", Type: "image", Title: "Antique Coin-Op logo", Image: [hosted("logo.png")] } },
    { properties: { Key: "phone_contact_info", Type: "text", Content: "(217) 555-0148", Title: "Phone" } },
    { properties: { Key: "email_contact_info", Type: "text", Content: "info@antique-coin-op.example", Title: "Email" } },
    { properties: { Key: "header_title_markdown", Type: "text", Content: "**Antique Coin-Op** _Restorations_", Title: "Header title" } },
  ],
};

/** Images: the header picture and the page background texture. */
export const IMAGES: DemoDatabase = {
  title: "Images",
  properties: layoutProperties("Images"),
  pages: [
    {
      properties: {
        Key: "header_main_image",
        Image: [hosted("header-main.png")],
        "Alt Text": "Marquee reading Antique Coin-Op between two slot machines",
        Title: "Header",
      },
    },
    {
      properties: {
        Key: "background-texture",
        Image: [hosted("background-texture.png")],
        "Alt Text": "Cream paper texture",
        Title: "Background texture",
      },
    },
  ],
};

/** Page Descriptions: the intro text of each section and of the navigation. */
export const PAGE_DESCRIPTIONS: DemoDatabase = {
  title: "Page Descriptions",
  properties: layoutProperties("Page Descriptions"),
  pages: [
    {
      properties: {
        Section: "home",
        Description: [
          t("We buy, restore and sell "),
          b("antique coin-operated machines"),
          t(": slot machines, trade stimulators, arcade games and vending machines from "),
          t("1895 to 1965", { color: "red" }),
          t("."),
        ],
      },
    },
    { properties: { Section: "literature", Description: "Catalogues, service manuals and reference books for collectors and restorers." } },
    {
      properties: {
        Section: "services",
        Description: "Restoration, repair, appraisal and parts for antique coin-op machines, done in our Illinois workshop.",
      },
    },
    { properties: { Section: "news", Description: "Shows, auctions and what is on the workbench this month." } },
    { properties: { Section: "miscellaneous", Description: "Odds and ends from seventy years of coin-op history." } },
    {
      properties: {
        Section: "navigation",
        Description: [t("Browse the gallery, see what is "), t("for sale", { color: "yellow" }), t(", or read about our services.")],
      },
    },
  ],
};

/** Page Headers: title and icon type per page id. */
export const PAGE_HEADERS: DemoDatabase = {
  title: "Page Headers",
  properties: layoutProperties("Page Headers"),
  pages: (
    [
      ["home", "Welcome to Antique Coin-Op", "home"],
      ["literature", "Literature & Reference", "literature"],
      ["services", "Restoration Services", "services"],
      ["news", "News from the Workshop", "news"],
      ["miscellaneous", "Miscellaneous", "misc"],
      ["gallery", "The Gallery", "gallery"],
      ["for-sale", "Machines For Sale", "shop"],
      ["admin", "Admin Panel", "admin"],
    ] as const
  ).map(([id, title, icon]) => ({ properties: { "Page Id": id, Title: title, "Icon Type": icon } })),
};
