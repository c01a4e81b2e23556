import { afterEach, describe, expect, it, vi } from "vitest";
import { categoryMismatch, fetchItem } from "./item-fetch";

afterEach(() => vi.unstubAllGlobals());

describe("item detail fetch", () => {
  it("returns the item with defaults for missing fields", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ id: "a1", category: "slots", title: "Mills" }));
    expect(await fetchItem("", "slots", "a1")).toMatchObject({ id: "a1", title: "Mills", additionalImageUrls: [], price: null });
  });

  it("fails with the status text", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 404, statusText: "Not Found" }));
    await expect(fetchItem("", "vending", "zz")).rejects.toThrow("Failed to fetch vending item: Not Found");
  });

  it("fails on a category mismatch", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ id: "a1", category: "arcades" }));
    await expect(fetchItem("", "slots", "a1")).rejects.toThrow("Category mismatch: expected 'slots', got 'arcades'");
    expect(categoryMismatch("a", "b")).toBe("Category mismatch: expected 'a', got 'b'");
  });
});
