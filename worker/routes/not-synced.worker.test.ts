import { beforeAll, describe, expect, it } from "vitest";
import { dropNotionTables, seedCategory } from "../test/fixtures";
import { freshCache, get } from "../test/http";

const id = "0123456789abcdef0123456789abcdef";

beforeAll(async () => {
  await dropNotionTables();
  await freshCache();
});

describe("before the first sync", () => {
  it.each([
    ["/api/content/banner_message", "Site Content has not been synced yet"],
    ["/api/images/background-texture", "Images has not been synced yet"],
    ["/api/page-description/navigation", "Page Descriptions has not been synced yet"],
    ["/api/page-headers/home", "Page Headers has not been synced yet"],
    ["/api/posts/section/home", "Posts has not been synced yet"],
    ["/api/collection/slots", "Slot Machines has not been synced yet"],
    ["/api/collection/arcades/gallery", "Arcade Machines has not been synced yet"],
    ["/api/collection/vending/for-sale", "Vending Machines has not been synced yet"],
    [`/api/collection/toys/${id}`, "Vintage Toys has not been synced yet"],
  ])("GET %s answers 503", async (path, error) => {
    const res = await get(path);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error });
  });

  it("does not cache the 503: the first read after the sync sees the table", async () => {
    expect((await get("/api/collection/parts")).status).toBe(503);
    await seedCategory("parts", [{ title: "Reel strip" }]);
    const res = await get("/api/collection/parts");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
  });
});
