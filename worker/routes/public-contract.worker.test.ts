import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { API_PATHS } from "#contract/api-paths";
import { CATEGORIES, findCategory, type CategoryId } from "#contract/categories";
import { EnquiryAcceptedSchema, EnquiryInvalidSchema } from "#contract/enquiries";
import { HealthSchema } from "#contract/health";
import { isListField } from "#contract/notion-layout";
import {
  ApiErrorSchema,
  CataloguePageSchema,
  CatalogueStatusSchema,
  ContentBlockSchema,
  ImageRecordSchema,
  ItemDetailSchema,
  ListingSchema,
  PageDescriptionSchema,
  PageHeaderSchema,
  PostsSchema,
} from "#contract/public-api";
import { SearchResultSchema } from "#contract/search";
import { PublicSettingsSchema } from "#contract/site-settings";
import worker from "../index";
import { categoryColumns, createTable, dropNotionTables, json, richJson, type Row, seedContent } from "../test/fixtures";
import { indexCategory } from "../test/search-index";
import { snakeCase } from "../tables/naming";

/** Calls the worker as a visitor (or, with the token, as the site build) and waits for its background work. */
async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * The answer of a public call with its status, checked to be exactly what the contract's schema describes: a field
 * missing or of another type fails the parse, a field the schema does not name is dropped by it and fails the equality.
 */
async function answer(schema: z.ZodMiniType, path: string, status = 200, init: RequestInit = {}): Promise<any> {
  const res = await call(path, init);
  const body = await res.json();
  expect(res.status, `${init.method ?? "GET"} ${path}: ${JSON.stringify(body)}`).toBe(status);
  expect(schema.parse(body), `${init.method ?? "GET"} ${path}`).toEqual(body);
  return body;
}

const DESCRIPTION = richJson(["A "], ["restored", { bold: true, color: "red" }], [" machine", {}, "https://example.com/mills"]);

/** A category's own field as a seeded row holds it: a list as JSON, the number of players a number, the rest text. */
function ownValue(field: string): string | number {
  if (isListField(field)) return json([`${field} one`, `${field} two`]);
  return field === "numberOfPlayers" ? 2 : `${field} value`;
}

/** One item of the category for sale with every field filled, and one with every optional field empty. */
function itemRows(category: CategoryId): Row[] {
  const own = Object.fromEntries((findCategory(category)?.fields ?? []).map((f) => [snakeCase(f), ownValue(f)]));
  const full: Row = {
    title: `${category} Mills Castle Front`,
    description: "A restored machine",
    description_rich: DESCRIPTION,
    manufacturer: "Mills",
    year: 1933,
    main_image: json(["/media/notion/f1/front.png"]),
    additional_images: json(["/media/notion/f2/back.png"]),
    for_sale: 1,
    price: 4250,
    condition: "Restored",
    body_md: "**Restored** in 2020.",
    last_edited_time: "2026-01-02T03:04:00.000Z",
    ...own,
  };
  return [full, { title: `${category} Bare` }];
}

const items = new Map<CategoryId, Row[]>();

beforeAll(async () => {
  await dropNotionTables();
  for (const { id, database } of CATEGORIES) {
    items.set(id, await createTable(database, { ...categoryColumns(id), body_md: "TEXT" }, itemRows(id)));
    await indexCategory(id);
  }
  await seedContent("Site Content", [
    {
      key: "banner_message",
      type: "rich_text",
      content: "Open Saturdays",
      content_rich: richJson(["Open ", {}], ["Saturdays", { italic: true }]),
    },
    { key: "header_image", type: "image", image: json(["/media/notion/f3/header.png"]) },
  ]);
  await seedContent("Images", [{ key: "header_main_image", image: json(["/media/notion/f4/logo.png"]), alt_text: "Logo", title: "Logo" }]);
  await seedContent("Page Descriptions", [{ section: "navigation", description: "Welcome", description_rich: richJson(["Welcome"]) }]);
  await seedContent("Page Headers", [{ page_id: "slots", title: "Slot Machines", icon_type: "gallery" }]);
  await seedContent("Posts", [
    { title: "Open house", section: "news", display_order: 1, image: json(["/media/notion/f5/post.png"]), body_md: "We are **open**." },
    { title: null, section: "news", content: "Plain content" },
  ]);
});

describe("public API answers match the contract the site parses them with", () => {
  it("health, managed content, images, page descriptions, page headers, posts and the dealer's public settings", async () => {
    expect(await answer(HealthSchema, API_PATHS.health)).toMatchObject({ ok: true });
    expect(await answer(ContentBlockSchema, `${API_PATHS.content}/banner_message`)).toMatchObject({
      type: "rich_text",
      richText: [{ plain_text: "Open " }, { plain_text: "Saturdays", annotations: { italic: true } }],
    });
    await answer(ContentBlockSchema, `${API_PATHS.content}/header_image`);
    expect(await answer(ImageRecordSchema, `${API_PATHS.images}/header_main_image`)).toEqual({
      id: "header_main_image",
      imageUrl: "/media/notion/f4/logo.png",
      altText: "Logo",
      title: "Logo",
    });
    await answer(PageDescriptionSchema, `${API_PATHS.pageDescription}/navigation`);
    await answer(PageHeaderSchema, `${API_PATHS.pageHeaders}/slots`);
    expect(await answer(PostsSchema, `${API_PATHS.posts}/section/news`)).toHaveLength(2);
    expect(await answer(PublicSettingsSchema, API_PATHS.siteSettings)).toEqual({ currency: "USD", locale: "en-US", analyticsToken: null });
  });

  it("every category's listing views, each item's detail and the build's bulk read", async () => {
    for (const { id: category } of CATEGORIES) {
      for (const view of ["", "/gallery", "/for-sale"]) {
        const listing = await answer(ListingSchema, `${API_PATHS.collection}/${category}${view}?limit=100`);
        expect(listing.items.length, `${category}${view}`).toBe(view === "/for-sale" ? 1 : 2);
      }
      for (const row of items.get(category)!) {
        const item = await answer(ItemDetailSchema, `${API_PATHS.collection}/${category}/${row.id}`);
        expect(item.category).toBe(category);
      }
      const page = await answer(CataloguePageSchema, `${API_PATHS.build}/catalogue/${category}`);
      expect(page.items).toHaveLength(2);
    }
    expect(await answer(CatalogueStatusSchema, `${API_PATHS.build}/status`)).toEqual({ published: true });
    const full = await answer(ItemDetailSchema, `${API_PATHS.collection}/parts/${items.get("parts")![0]!.id}`);
    expect(full).toMatchObject({
      compatibleModels: ["compatibleModels one", "compatibleModels two"],
      partType: "partType value",
      longDescription: "**Restored** in 2020.",
      descriptionRichText: [
        { plain_text: "A " },
        { plain_text: "restored", annotations: { bold: true, color: "red" } },
        { href: "https://example.com/mills" },
      ],
    });
  });

  it("search, with hits in several categories and a page past the last", async () => {
    const found = await answer(SearchResultSchema, `${API_PATHS.search}?q=mills%20castle`);
    expect(found.total).toBe(CATEGORIES.length);
    await answer(SearchResultSchema, `${API_PATHS.search}?q=mills&category=slots&forSale=true&page=9&limit=50`);
  });

  it("enquiries: accepted, refused field by field, and about an unknown item", async () => {
    const enquiry = {
      category: "slots",
      itemId: items.get("slots")![0]!.id,
      name: "Ada Collector",
      email: "ada@example.com",
      message: "Is it still available?",
      website: "",
    };
    const post = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await answer(EnquiryAcceptedSchema, API_PATHS.enquiries, 201, post(enquiry));
    expect(await answer(EnquiryInvalidSchema, API_PATHS.enquiries, 400, post({ ...enquiry, email: "nope" }))).toMatchObject({
      fields: { email: "Enter a valid email address." },
    });
    await answer(ApiErrorSchema, API_PATHS.enquiries, 404, post({ ...enquiry, itemId: "0badf00d-0000-4000-8000-000000000000" }));
  });

  it("failures answer `{ error }` and nothing else", async () => {
    await answer(ApiErrorSchema, "/api/no-such-route", 404);
    await answer(ApiErrorSchema, `${API_PATHS.collection}/slots/not-an-id`, 400);
    await answer(ApiErrorSchema, `${API_PATHS.build}/catalogue/pinballs`, 404);
    await answer(ApiErrorSchema, `${API_PATHS.search}?q=`, 400);
  });
});
