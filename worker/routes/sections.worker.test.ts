import { beforeEach, describe, expect, it } from "vitest";
import { json, richJson, type Row, seedContent } from "../test/fixtures";
import { freshCache, get } from "../test/http";

const annotations = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" };
let posts: Row[];
let headers: Row[];

beforeEach(async () => {
  await freshCache();
  await seedContent("Page Descriptions", [
    { section: "navigation", description: "Browse the collection" },
    { section: "empty", description: null },
    {
      section: "services",
      description: "We restore Mills and Jennings",
      description_rich: richJson(
        ["We "],
        ["restore", { bold: true }],
        [" "],
        ["Mills", { italic: true, underline: true }, "https://example.com/mills"],
        [" and "],
        ["Jennings", { code: true, color: "blue" }],
      ),
    },
    { section: "hostile", description: "Plain words", description_rich: '{"__proto__":{"x":1}}' },
  ]);
  headers = await seedContent("Page Headers", [{ page_id: "slots", title: "Slot Machines", icon_type: "gallery" }]);
  posts = await seedContent("Posts", [
    { title: "Third", section: "news", display_order: 3, image: null, content: "From the property", body_md: null },
    { title: "Unordered", section: "news", display_order: null, image: null, content: null, body_md: "   " },
    {
      title: "First",
      section: "news",
      display_order: 1,
      image: json(["/media/notion/p1/a.jpg", "/media/notion/p1/b.jpg"]),
      content: "ignored",
      body_md: "# Body\n\nText",
    },
    { title: "Second", section: "news", display_order: 2, image: "https://cdn.example.com/x.png", content: null, body_md: null },
    { title: "Elsewhere", section: "home", display_order: 1, image: null, content: "Home post", body_md: null },
  ]);
});

describe("GET /api/page-description/:section", () => {
  it("returns the description with its rich text", async () => {
    const res = await get("/api/page-description/navigation");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      section: "navigation",
      description: "Browse the collection",
      richText: [{ type: "text", plain_text: "Browse the collection", href: null, annotations }],
    });
  });

  it("returns the description's rich text pieces with their annotations and links", async () => {
    const res = await get("/api/page-description/services");
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("We restore Mills and Jennings");
    expect(res.body.richText).toEqual([
      { type: "text", plain_text: "We ", href: null, annotations },
      { type: "text", plain_text: "restore", href: null, annotations: { ...annotations, bold: true } },
      { type: "text", plain_text: " ", href: null, annotations },
      {
        type: "text",
        plain_text: "Mills",
        href: "https://example.com/mills",
        annotations: { ...annotations, italic: true, underline: true },
      },
      { type: "text", plain_text: " and ", href: null, annotations },
      { type: "text", plain_text: "Jennings", href: null, annotations: { ...annotations, code: true, color: "blue" } },
    ]);
  });

  it("gives the plain description as one piece when the stored pieces are not a list of pieces", async () => {
    const res = await get("/api/page-description/hostile");
    expect(res.status).toBe(200);
    expect(res.body.richText).toEqual([{ type: "text", plain_text: "Plain words", href: null, annotations }]);
  });

  it("gives null and no rich text for an empty description", async () => {
    expect((await get("/api/page-description/empty")).body).toEqual({ section: "empty", description: null, richText: [] });
  });

  it("answers 404 for an unknown section", async () => {
    const res = await get("/api/page-description/nowhere");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Page description not found: nowhere" });
  });

  it("answers 400 for a malformed section", async () => {
    const res = await get("/api/page-description/-leading-dash");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid section: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" });
  });
});

describe("GET /api/page-headers/:pageId", () => {
  it("returns id, pageId, title and iconType", async () => {
    const res = await get("/api/page-headers/slots");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: headers[0]!.id, pageId: "slots", title: "Slot Machines", iconType: "gallery" });
  });

  it("answers 404 for a page without a header", async () => {
    const res = await get("/api/page-headers/toys");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Page header not found: toys" });
  });

  it("answers 400 for a malformed page id", async () => {
    const res = await get("/api/page-headers/a%3Bb");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid pageId: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" });
  });
});

describe("GET /api/posts/section/:section", () => {
  it("lists the section's posts by ascending display order, posts without one last", async () => {
    const res = await get("/api/posts/section/news");
    expect(res.status).toBe(200);
    expect(res.body.map((p: { title: string }) => p.title)).toEqual(["First", "Second", "Third", "Unordered"]);
  });

  it("takes Markdown from the body, else the Content property, else empty text; gives when each post was created in Notion", async () => {
    const byTitle = Object.fromEntries((await get("/api/posts/section/news")).body.map((p: { title: string }) => [p.title, p]));
    expect(byTitle.First).toEqual({
      id: posts[2]!.id,
      title: "First",
      section: "news",
      content: "# Body\n\nText",
      imageUrl: "/media/notion/p1/a.jpg",
      displayOrder: 1,
      createdTime: posts[2]!.created_time,
    });
    expect(byTitle.Second).toEqual({
      id: posts[3]!.id,
      title: "Second",
      section: "news",
      content: "",
      imageUrl: "https://cdn.example.com/x.png",
      displayOrder: 2,
      createdTime: posts[3]!.created_time,
    });
    expect(byTitle.First.createdTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byTitle.Third.content).toBe("From the property");
    expect(byTitle.Unordered).toMatchObject({ content: "", displayOrder: null, imageUrl: null });
  });

  it("returns an empty list for a known section without posts", async () => {
    expect((await get("/api/posts/section/services")).body).toEqual([]);
  });

  it("answers 404 for an unknown section", async () => {
    const res = await get("/api/posts/section/blog");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Unknown post section: blog" });
  });

  it("answers 400 for a malformed section", async () => {
    const res = await get("/api/posts/section/%3Cscript%3E");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid section: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" });
  });
});
