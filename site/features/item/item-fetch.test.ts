import { afterEach, describe, expect, it, vi } from "vitest";
import { testItemDetail } from "../../test/fixtures";
import { ITEM_NOT_FOUND_TEXT, categoryMismatch, fetchItem, itemErrorMessage, statusText } from "./item-fetch";

afterEach(() => vi.unstubAllGlobals());

describe("item detail fetch", () => {
  it("returns the item as the contract describes it, and refuses an answer missing a field", async () => {
    const answer = testItemDetail({ id: "a1", category: "slots", title: "Mills", denomination: "5¢" });
    vi.stubGlobal("fetch", async () => Response.json(answer));
    expect(await fetchItem("", "slots", "a1")).toEqual(answer);
    const { price: _price, ...withoutPrice } = answer;
    vi.stubGlobal("fetch", async () => Response.json(withoutPrice));
    expect(itemErrorMessage(await fetchItem("", "slots", "a1").catch((e: unknown) => e))).toBe(ITEM_NOT_FOUND_TEXT);
  });

  it("fails with the status text", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 404, statusText: "Not Found" }));
    await expect(fetchItem("", "vending", "zz")).rejects.toThrow("Failed to fetch vending item: Not Found");
  });

  it("fails on a category mismatch", async () => {
    vi.stubGlobal("fetch", async () => Response.json(testItemDetail({ id: "a1", category: "arcades" })));
    await expect(fetchItem("", "slots", "a1")).rejects.toThrow("Category mismatch: expected 'slots', got 'arcades'");
    expect(categoryMismatch("a", "b")).toBe("Category mismatch: expected 'a', got 'b'");
  });
});

describe("item failure messages", () => {
  it("names the status when the protocol sends no status text (HTTP/2)", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 404 }));
    await expect(fetchItem("", "slots", "zz")).rejects.toThrow(/^Failed to fetch slots item: Not Found$/);
    expect(statusText({ status: 418, statusText: "" })).toBe("HTTP 418");
    expect(statusText({ status: 404, statusText: "Gone Fishing" })).toBe("Gone Fishing");
  });

  it("shows the failure's own message for HTTP and mismatch failures and the default sentence for anything else", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 500, statusText: "Internal Server Error" }));
    expect(itemErrorMessage(await fetchItem("", "toys", "a").catch((e: unknown) => e))).toBe(
      "Failed to fetch toys item: Internal Server Error",
    );
    vi.stubGlobal("fetch", async () => Response.json(testItemDetail({ id: "a1", category: "parts" })));
    expect(itemErrorMessage(await fetchItem("", "toys", "a1").catch((e: unknown) => e))).toBe(
      "Category mismatch: expected 'toys', got 'parts'",
    );
    vi.stubGlobal("fetch", async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(itemErrorMessage(await fetchItem("", "toys", "a1").catch((e: unknown) => e))).toBe(ITEM_NOT_FOUND_TEXT);
    vi.stubGlobal("fetch", async () => Response.json({ title: 42 }));
    expect(itemErrorMessage(await fetchItem("", "toys", "a1").catch((e: unknown) => e))).toBe(ITEM_NOT_FOUND_TEXT);
  });
});
