import { experimental_AstroContainer } from "astro/container";
import { beforeAll, describe, expect, it } from "vitest";
import DescriptionCard from "./DescriptionCard.astro";
import PostList from "./PostList.astro";

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("post list", () => {
  it("shows 'Error / Failed to load posts. Please try again later.' when the posts could not be loaded", async () => {
    const html = await container.renderToString(PostList, { props: { posts: { ok: false, error: "503: Service Unavailable" } } });
    expect(html).toContain('data-testid="posts-error"');
    expect(html).toContain('role="alert"');
    expect(text(html)).toBe("Error Failed to load posts. Please try again later.");
  });

  it("shows 'No posts available / No posts have been added to this section yet.' for an empty section", async () => {
    const html = await container.renderToString(PostList, { props: { posts: { ok: true, data: [] } } });
    expect(html).toContain('data-testid="posts-empty"');
    expect(text(html)).toBe("No posts available No posts have been added to this section yet.");
  });
});

describe("description card", () => {
  it("shows 'Failed to load content' when the description failed, or the supplied fallback", async () => {
    const failed = { state: "error" } as const;
    expect(text(await container.renderToString(DescriptionCard, { props: { description: failed } }))).toBe("Failed to load content");
    expect(text(await container.renderToString(DescriptionCard, { props: { description: failed, fallback: "Try later" } }))).toBe(
      "Try later",
    );
  });

  it("renders nothing when the section has no description", async () => {
    expect((await container.renderToString(DescriptionCard, { props: { description: { state: "none" } } })).trim()).toBe("");
  });
});
