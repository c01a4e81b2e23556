import { beforeEach, describe, expect, it } from "vitest";
import { json, richJson, seedContent } from "../test/fixtures";
import { freshCache, get } from "../test/http";

const plain = (text: string) => [
  {
    type: "text",
    plain_text: text,
    href: null,
    annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
  },
];

beforeEach(async () => {
  await freshCache();
  await seedContent("Site Content", [
    { key: "banner_message", type: "rich_text", content: "Now open on Saturdays", title: "Banner", image: null },
    {
      key: "header_image",
      type: "image",
      content: null,
      title: null,
      image: json(["/media/notion/f1/header.jpg", "/media/notion/f2/other.jpg"]),
    },
    { key: "phone_contact_info", type: null, content: "555-0100", title: null, image: null },
    {
      key: "rich_banner",
      type: "rich_text",
      content: "See what is for sale now",
      title: null,
      image: null,
      content_rich: richJson(
        ["See "],
        ["what is for sale", { bold: true, color: "red_background" }, "/for-sale"],
        [" now", { italic: true }, "javascript:alert(1)"],
      ),
    },
    {
      key: "broken_rich",
      type: "rich_text",
      content: "Still shown",
      title: null,
      image: null,
      content_rich: '[{"text":{"content":"<script>"}},',
    },
  ]);
  await seedContent("Images", [
    { key: "header_main_image", image: json(["https://cdn.example.com/main.jpg"]), alt_text: "Mills Liberty Bell", title: "Header" },
    { key: "background-texture", image: "https://cdn.example.com/texture.png", alt_text: null, title: null },
  ]);
});

describe("GET /api/content/:key", () => {
  it("returns the content block with rich text built from its text", async () => {
    const res = await get("/api/content/banner_message");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=UTF-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(res.body).toEqual({
      id: "banner_message",
      type: "rich_text",
      content: "Now open on Saturdays",
      richText: plain("Now open on Saturdays"),
      title: "Banner",
      imageUrl: null,
    });
  });

  it("takes the first URL of the Image column and gives no rich text without content", async () => {
    const res = await get("/api/content/header_image");
    expect(res.body).toEqual({
      id: "header_image",
      type: "image",
      content: null,
      richText: [],
      title: null,
      imageUrl: "/media/notion/f1/header.jpg",
    });
  });

  it("treats a block without a Type as plain text", async () => {
    expect((await get("/api/content/phone_contact_info")).body).toMatchObject({ type: "text", content: "555-0100" });
  });

  it("hands out the Content property's rich text pieces: annotations, colours and safe links; a javascript: link loses its link, not its text", async () => {
    const res = await get("/api/content/rich_banner");
    expect(res.status).toBe(200);
    const off = plain("")[0]!.annotations;
    expect(res.body.richText).toEqual([
      { type: "text", plain_text: "See ", href: null, annotations: off },
      { type: "text", plain_text: "what is for sale", href: "/for-sale", annotations: { ...off, bold: true, color: "red_background" } },
      { type: "text", plain_text: " now", href: null, annotations: { ...off, italic: true } },
    ]);
    expect(res.body.content).toBe("See what is for sale now");
  });

  it("falls back to the plain text as one piece when the stored pieces are malformed (never a 500)", async () => {
    const res = await get("/api/content/broken_rich");
    expect(res.status).toBe(200);
    expect(res.body.richText).toEqual(plain("Still shown"));
  });

  it("matches keys case-insensitively", async () => {
    expect((await get("/api/content/BANNER_MESSAGE")).body).toMatchObject({ id: "banner_message" });
  });

  it("answers 404 for an unknown key", async () => {
    const res = await get("/api/content/no_such_key");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Content not found: no_such_key" });
  });

  it("answers 400 for a malformed key", async () => {
    const res = await get("/api/content/%24bad*key");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid key: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" });
  });
});

describe("GET /api/images/:key", () => {
  it("returns the image record with the first file URL", async () => {
    const res = await get("/api/images/header_main_image");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: "header_main_image",
      imageUrl: "https://cdn.example.com/main.jpg",
      altText: "Mills Liberty Bell",
      title: "Header",
    });
  });

  it("serves background-texture from a plain url column value", async () => {
    const res = await get("/api/images/background-texture");
    expect(res.body).toEqual({ id: "background-texture", imageUrl: "https://cdn.example.com/texture.png", altText: null, title: null });
  });

  it("answers 404 for an unknown image", async () => {
    const res = await get("/api/images/missing_image");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Image not found: missing_image" });
  });

  it("answers 400 for a key longer than 100 characters", async () => {
    const res = await get(`/api/images/${"a".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid key: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" });
  });
});
