import { describe, expect, it } from "vitest";
import { categoryHref, switcherEntries, switcherGroups } from "./switcher";

const ids = (context: Parameters<typeof switcherEntries>[0]) => switcherEntries(context).map((e) => e.id);

describe("category switcher", () => {
  it("gallery hides parts and features slots and arcades", () => {
    expect(ids("gallery")).toEqual(["slots", "arcades", "trade-stimulators", "vending", "advertising", "toys"]);
    expect(switcherGroups("gallery").featured.map((e) => e.id)).toEqual(["slots", "arcades"]);
  });

  it("for-sale features slots and parts", () => {
    expect(ids("for-sale")).toEqual(["slots", "parts", "arcades", "trade-stimulators", "vending", "advertising", "toys"]);
    expect(switcherGroups("for-sale").featured.map((e) => e.id)).toEqual(["slots", "parts"]);
    expect(switcherGroups("for-sale").rest.map((e) => e.id)).toEqual(["arcades", "trade-stimulators", "vending", "advertising", "toys"]);
  });

  it("uses the default order elsewhere", () => {
    expect(ids("default")).toEqual(["slots", "arcades", "parts", "trade-stimulators", "vending", "advertising", "toys"]);
  });

  it("leads to /gallery/{c}, /for-sale/{c} or /{c}", () => {
    expect(categoryHref("gallery", "vending")).toBe("/gallery/vending");
    expect(categoryHref("for-sale", "parts")).toBe("/for-sale/parts");
    expect(categoryHref("default", "arcades")).toBe("/arcades");
    expect(switcherEntries("gallery")[0]).toMatchObject({ name: "Slot Machines", href: "/gallery/slots", featured: true });
  });
});
