import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkWorkspace } from "#contract/notion-check";
import { layoutDatabase } from "#contract/notion-layout";
import { loadDemoWorkspace } from "./load.ts";
import { CATALOGUE_TITLES } from "./schemas.ts";
import type { DemoBlock, DemoDatabase, DemoFile, DemoPage, Span } from "./types.ts";

const workspace = loadDemoWorkspace();
const db = (title: string) => workspace.databases.find((d) => d.title === title)!;
const IMAGES = fileURLToPath(new URL("../../site/public/demo-images/", import.meta.url));
const key = (page: DemoPage, name: string) => page.properties[name] as string;

describe("demo workspace contract", () => {
  it("has exactly the 12 databases of the workspace spec", () => {
    expect(workspace.databases.map((d) => d.title)).toEqual([
      ...CATALOGUE_TITLES,
      "Site Content",
      "Images",
      "Page Descriptions",
      "Page Headers",
      "Posts",
    ]);
  });

  it("passes the workspace check: every database and property of the layout, of an accepted type, with the options the site needs", () => {
    const seen = workspace.databases.map((d) => ({
      databaseId: d.title,
      title: d.title,
      properties: Object.entries(d.properties).map(([name, p]) => ({ name, type: p.type, options: p.options })),
    }));
    expect(checkWorkspace(seen)).toEqual([]);
    for (const d of workspace.databases)
      expect(Object.keys(d.properties), d.title).toEqual(layoutDatabase(d.title)!.properties.map((p) => p.name));
  });

  it("gives every catalogue database the common properties with allowed types", () => {
    for (const title of CATALOGUE_TITLES) {
      const p = db(title).properties;
      expect(p.Title!.type).toBe("title");
      expect(p.Description!.type).toBe("rich_text");
      expect(["rich_text", "select"]).toContain(p.Manufacturer!.type);
      expect(p.Year!.type).toBe("number");
      expect(["files", "url"]).toContain(p["Main Image"]!.type);
      expect(p["Additional Images"]!.type).toBe("files");
      expect(p["For Sale"]!.type).toBe("checkbox");
      expect(p.Price!.type).toBe("number");
      expect(["select", "rich_text"]).toContain(p.Condition!.type);
    }
    const manufacturerTypes = new Set(CATALOGUE_TITLES.map((t) => db(t).properties.Manufacturer!.type));
    const conditionTypes = new Set(CATALOGUE_TITLES.map((t) => db(t).properties.Condition!.type));
    expect([...manufacturerTypes].sort()).toEqual(["rich_text", "select"]);
    expect([...conditionTypes].sort()).toEqual(["rich_text", "select"]);
  });

  it("has each category's own properties after the common ones, in the layout's order", () => {
    const expected: Record<string, string[]> = {
      "Slot Machines": ["Denomination", "Serial Number", "Cabinet Type", "Mechanism Type"],
      "Arcade Machines": ["Game Type", "Number Of Players", "Cabinet Condition"],
      "Machine Parts": ["Part Type", "Part Number", "Compatible Models"],
      "Trade Stimulators": ["Stimulator Type", "Original Location"],
      "Vending Machines": ["Type", "Product Category", "Coin Mechanism", "Dimensions"],
      "Advertising Items": ["Ad Type", "Theme", "Material", "Original Brand", "Dimensions"],
      "Vintage Toys": ["Toy Type", "Age Range"],
    };
    for (const [title, names] of Object.entries(expected)) expect(Object.keys(db(title).properties).slice(11)).toEqual(names);
    expect(db("Machine Parts").properties["Compatible Models"]!.type).toBe("multi_select");
  });

  it("has at least 13 slot machines and at least 3 items in every category", () => {
    expect(db("Slot Machines").pages.length).toBeGreaterThanOrEqual(13);
    for (const title of CATALOGUE_TITLES) expect(db(title).pages.length, title).toBeGreaterThanOrEqual(3);
  });

  it("publishes every item and post but one draft item, which has Published unticked and no Hold Changes", () => {
    const rows = [...CATALOGUE_TITLES, "Posts"].flatMap((t) => db(t).pages.map((page) => ({ t, page })));
    const drafts = rows.filter(({ page }) => page.properties.Published !== true);
    expect(drafts.map(({ t, page }) => [t, page.properties.Title, page.properties.Published])).toEqual([
      ["Trade Stimulators", "Groetchen Pok-O-Reel", false],
    ]);
    expect(rows.every(({ page }) => page.properties["Hold Changes"] === undefined)).toBe(true);
  });

  it("has nothing for sale among the vintage toys, and for-sale items elsewhere", () => {
    expect(db("Vintage Toys").pages.every((p) => p.properties["For Sale"] !== true)).toBe(true);
    for (const title of CATALOGUE_TITLES.filter((t) => t !== "Vintage Toys"))
      expect(
        db(title).pages.some((p) => p.properties["For Sale"] === true),
        title,
      ).toBe(true);
  });

  it("has items without a price and items without a year", () => {
    const items = CATALOGUE_TITLES.flatMap((t) => db(t).pages);
    expect(items.filter((p) => p.properties.Price === undefined).length).toBeGreaterThanOrEqual(3);
    expect(items.filter((p) => p.properties.Year === undefined).length).toBeGreaterThanOrEqual(3);
    expect(items.some((p) => p.properties["For Sale"] === true && p.properties.Price === undefined)).toBe(true);
  });

  it("has one item with at least 6 additional images", () => {
    const counts = CATALOGUE_TITLES.flatMap((t) => db(t).pages).map(
      (p) => ((p.properties["Additional Images"] as DemoFile[] | undefined) ?? []).length,
    );
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(6);
  });

  it("has the known site content, image, description and header keys", () => {
    expect(db("Site Content").pages.map((p) => key(p, "Key"))).toEqual([
      "banner_message",
      "header_image",
      "phone_contact_info",
      "email_contact_info",
      "header_title_markdown",
    ]);
    expect(db("Images").pages.map((p) => key(p, "Key"))).toEqual(["header_main_image", "background-texture"]);
    expect(db("Page Descriptions").pages.map((p) => key(p, "Section"))).toEqual([
      "home",
      "literature",
      "services",
      "news",
      "miscellaneous",
      "navigation",
    ]);
    expect(db("Page Headers").pages.map((p) => key(p, "Page Id"))).toEqual([
      "home",
      "literature",
      "services",
      "news",
      "miscellaneous",
      "gallery",
      "for-sale",
      "admin",
    ]);
    const icons = db("Page Headers").properties["Icon Type"]!.options!;
    for (const page of db("Page Headers").pages) expect(icons).toContain(page.properties["Icon Type"]);
  });

  it("formats managed text so the site shows it: the banner has a bold word and a link to /for-sale, an item description a bold and an italic word", () => {
    const banner = db("Site Content").pages.find((p) => key(p, "Key") === "banner_message")!.properties.Content as Span[];
    expect(banner.some((s) => s.bold && s.text.trim())).toBe(true);
    expect(banner.some((s) => s.link === "/for-sale" && s.text.trim())).toBe(true);
    const descriptions = CATALOGUE_TITLES.flatMap((t) => db(t).pages)
      .map((p) => p.properties.Description)
      .filter((d): d is Span[] => Array.isArray(d));
    expect(descriptions.some((d) => d.some((s) => s.bold && s.text.trim()) && d.some((s) => s.italic && s.text.trim()))).toBe(true);
  });

  it("has posts in every section, every block type, a Markdown-only post, an empty post and a hostile post", () => {
    const posts = db("Posts").pages;
    for (const section of ["home", "literature", "services", "news", "miscellaneous"])
      expect(
        posts.some((p) => p.properties.Section === section),
        section,
      ).toBe(true);
    const types = new Set(posts.flatMap((p) => flatten(p.body ?? [])).map((b) => b.type));
    expect([...types].sort()).toEqual([
      "bookmark",
      "bulleted_list_item",
      "callout",
      "code",
      "column",
      "column_list",
      "divider",
      "embed",
      "heading_1",
      "heading_2",
      "heading_3",
      "image",
      "numbered_list_item",
      "paragraph",
      "quote",
      "toggle",
      "video",
    ]);
    const images = posts
      .flatMap((p) => flatten(p.body ?? []))
      .filter((b) => b.type === "image")
      .map((b) => ("file" in b ? b.file : null));
    expect(images.some((f) => f && "image" in f) && images.some((f) => f && "external" in f)).toBe(true);
    expect(posts.some((p) => !p.body?.length && typeof p.properties.Content === "string" && p.properties.Content.includes("##"))).toBe(
      true,
    );
    expect(posts.some((p) => !p.body?.length && p.properties.Content === undefined)).toBe(true);
    const hostile = JSON.stringify(posts.map((p) => p.body));
    for (const needle of ["javascript:", "<script>", "onerror="]) expect(hostile).toContain(needle);
  });

  it("only refers to bundled images that exist, and keeps them under 3 MB", () => {
    const names = new Set<string>();
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === "object") {
        if ("image" in v && typeof v.image === "string") names.add(v.image);
        if ("external" in v && typeof v.external === "string" && v.external.startsWith("$SERVER/public/"))
          names.add(v.external.slice("$SERVER/public/".length));
        Object.values(v).forEach(visit);
      }
    };
    visit(workspace.databases.map((d: DemoDatabase) => d.pages));
    for (const name of names) expect(existsSync(IMAGES + name), name).toBe(true);
    const total = readdirSync(IMAGES).reduce((n, f) => n + statSync(IMAGES + f).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});

function flatten(blocks: DemoBlock[]): DemoBlock[] {
  return blocks.flatMap((b) => [b, ...flatten("children" in b && b.children ? b.children : [])]);
}
