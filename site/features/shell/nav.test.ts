import { describe, expect, it } from "vitest";
import { activeNavHref, NAV_ENTRIES } from "./nav";

describe("side navigation", () => {
  it("has the 8 entries in order", () => {
    expect(NAV_ENTRIES.map((e) => e.href)).toEqual([
      "/",
      "/for-sale",
      "/gallery/slots",
      "/literature",
      "/services",
      "/news",
      "/miscellaneous",
      "/admin",
    ]);
    expect(NAV_ENTRIES.at(-1)?.label).toBe("Admin Panel");
  });

  it("finds the active entry by prefix", () => {
    expect(activeNavHref("/")).toBe("/");
    expect(activeNavHref("/for-sale/slots/abc")).toBe("/for-sale");
    expect(activeNavHref("/gallery")).toBe("/gallery/slots");
    expect(activeNavHref("/gallery/vending/x")).toBe("/gallery/slots");
    expect(activeNavHref("/news/")).toBe("/news");
    expect(activeNavHref("/admin")).toBe("/admin");
    expect(activeNavHref("/slots")).toBeNull();
  });

  it("finds the active entry for the built page paths (`/x.html`, `/index.html`)", () => {
    expect(activeNavHref("/index.html")).toBe("/");
    expect(activeNavHref("/literature.html")).toBe("/literature");
    expect(activeNavHref("/for-sale.html")).toBe("/for-sale");
    expect(activeNavHref("/gallery.html")).toBe("/gallery/slots");
    expect(activeNavHref("/admin.html")).toBe("/admin");
    expect(activeNavHref("/gallery/arcades/abc.html")).toBe("/gallery/slots");
    expect(activeNavHref("/slots.html")).toBeNull();
    expect(activeNavHref("/404.html")).toBeNull();
  });
});
