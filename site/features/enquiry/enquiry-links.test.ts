import { describe, expect, it } from "vitest";
import { enquiryHref, enquiryTarget } from "./enquiry-links";

const ITEM = "0badf00d-0000-4000-8000-000000000000";

describe("the enquiry page's address", () => {
  it("names the item's category and id, and reads them back", () => {
    expect(enquiryHref("trade-stimulators", ITEM)).toBe(`/enquiry?category=trade-stimulators&id=${ITEM}`);
    expect(enquiryTarget(`?category=trade-stimulators&id=${ITEM}`)).toEqual({ category: "trade-stimulators", itemId: ITEM });
  });

  it("names no item for a category we do not have, a missing or malformed id", () => {
    expect(enquiryTarget(`?category=pinball&id=${ITEM}`)).toBeNull();
    expect(enquiryTarget("?category=slots")).toBeNull();
    expect(enquiryTarget("?category=slots&id=<script>")).toBeNull();
    expect(enquiryTarget("")).toBeNull();
  });
});
