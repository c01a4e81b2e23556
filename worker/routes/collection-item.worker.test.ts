import { beforeEach, describe, expect, it } from "vitest";
import { json, type Row, seedCategory } from "../test/fixtures";
import { freshCache, get } from "../test/http";

let slot: Row;
let toy: Row;

beforeEach(async () => {
  await freshCache();
  [slot] = await seedCategory("slots", [
    { title: "Mills Liberty Bell", description: "Three-reel bell", manufacturer: "Mills", year: 1931, main_image: "https://cdn.example.com/bell.jpg", additional_images: json(["/media/notion/x/1.jpg"]), for_sale: 1, price: 4500, condition: "Restored", denomination: "5¢", serial_number: "SN-1", cabinet_type: "Oak", mechanism_type: null },
  ]);
  [toy] = await seedCategory("toys", [{ title: "Tin Robot", toy_type: "Wind-up", age_range: "8+", for_sale: 0 }]);
});

describe("GET /api/collection/:category/:id", () => {
  it("returns the item with every common and category field", async () => {
    const res = await get(`/api/collection/slots/${slot.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=UTF-8");
    expect(res.body).toEqual({
      id: slot.id, category: "slots", title: "Mills Liberty Bell", description: "Three-reel bell", manufacturer: "Mills", year: 1931,
      mainImageUrl: "https://cdn.example.com/bell.jpg", additionalImageUrls: ["/media/notion/x/1.jpg"], forSale: true, price: 4500,
      condition: "Restored", denomination: "5¢", serialNumber: "SN-1", cabinetType: "Oak", mechanismType: null,
    });
  });

  it("accepts the id without dashes and in upper case", async () => {
    const bare = String(slot.id).replace(/-/g, "").toUpperCase();
    const res = await get(`/api/collection/slots/${bare}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(slot.id);
  });

  it("gives each category its own fields", async () => {
    const res = await get(`/api/collection/toys/${toy.id}`);
    expect(res.body).toMatchObject({ category: "toys", toyType: "Wind-up", ageRange: "8+", forSale: false, price: null, additionalImageUrls: [] });
    expect(Object.keys(res.body)).not.toContain("denomination");
  });

  it("answers 404 for an id not in the category", async () => {
    const res = await get(`/api/collection/slots/${toy.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Item not found: slots/${toy.id}` });
  });

  it("answers 404 for an unknown category", async () => {
    const res = await get(`/api/collection/pinball/${slot.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Unknown category: pinball" });
  });

  it.each(["123", "not-a-notion-id", `${"a".repeat(31)}g`, "b".repeat(33), "01234567-89ab-cdef-0123-456789abcdef-"])("answers 400 for the malformed id %s", async (id) => {
    const res = await get(`/api/collection/slots/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Invalid id: must be a Notion page id (32 hex digits, dashes optional)" });
  });
});
