import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_FORMAT as USD } from "#contract/price-format";
import { detailSections } from "./item-fields";
import { testItem } from "../../test/fixtures";

const item = testItem({
  id: "1",
  category: "vending",
  title: "Peanut",
  manufacturer: "Master",
  year: 1923,
  price: 1350.5,
  type: "Peanut",
  productCategory: null,
  coinMechanism: "1¢",
  dimensions: "",
});

describe("details panel", () => {
  it("lists only fields with values, with Machine Type for vending", () => {
    expect(detailSections(item, true, USD)).toEqual([
      {
        title: "General Information",
        rows: [
          { label: "Manufacturer", value: "Master" },
          { label: "Year", value: "1923" },
          { label: "Category", value: "Vending Machines" },
          { label: "Price", value: "$1,350.5" },
        ],
      },
      {
        title: "Vending Machine Details",
        rows: [
          { label: "Machine Type", value: "Peanut" },
          { label: "Coin Mechanism", value: "1¢" },
        ],
      },
    ]);
  });

  it("writes the price in the dealer's currency and locale", () => {
    const [general] = detailSections(item, true, { currency: "GBP", locale: "en-GB" });
    expect(general!.rows.at(-1)).toEqual({ label: "Price", value: "£1,350.5" });
  });

  it("omits the price outside for-sale and empty type sections", () => {
    const [general, ...rest] = detailSections(testItem({ id: "2", category: "parts", compatibleModels: [] }), false, USD);
    expect(general!.rows.map((r) => r.label)).toEqual(["Category"]);
    expect(rest).toEqual([]);
  });

  it("joins list fields", () => {
    const sections = detailSections(testItem({ id: "3", category: "parts", compatibleModels: ["Castle Front", "Lion Head"] }), false, USD);
    expect(sections[1]!.rows).toEqual([{ label: "Compatible Models", value: "Castle Front, Lion Head" }]);
  });
});
