import { describe, expect, it } from "vitest";
import { ItemDetailSchema, ItemSchema, PageHeaderSchema } from "./public-api.ts";

const piece = {
  type: "text",
  plain_text: "Restored",
  href: null,
  annotations: { bold: true, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
};
const common = {
  id: "a1",
  title: "Mills",
  description: "Restored",
  descriptionRichText: [piece],
  manufacturer: null,
  year: 1933,
  mainImageUrl: null,
  additionalImageUrls: [],
  forSale: false,
  price: null,
  condition: null,
};
const part = { ...common, category: "parts", partType: "Reel", partNumber: 113, compatibleModels: ["Castle Front"] };

describe("public API schemas", () => {
  it("take an item with exactly its category's own fields", () => {
    expect(ItemSchema.parse(part)).toEqual(part);
    expect(ItemDetailSchema.parse({ ...part, longDescription: null })).toEqual({ ...part, longDescription: null });
  });

  it("refuse an item missing one of its category's fields, or holding a list where text belongs", () => {
    const { partNumber: _partNumber, ...missing } = part;
    expect(ItemSchema.safeParse(missing).success).toBe(false);
    expect(ItemSchema.safeParse({ ...part, partType: ["Reel"] }).success).toBe(false);
    expect(ItemDetailSchema.safeParse(part).success).toBe(false);
  });

  it("drop a field they do not name, so a parse compared with the answer shows it", () => {
    const slots = { ...common, category: "slots", denomination: "5¢", serialNumber: null, cabinetType: null, mechanismType: null };
    expect(ItemSchema.parse({ ...slots, partType: "Reel" })).toEqual(slots);
    const header = { id: "p1", pageId: "slots", title: "Slots", iconType: null };
    expect(PageHeaderSchema.parse({ ...header, Title: "x" })).toEqual(header);
  });
});
