import { describe, expect, it } from "vitest";
import type { PageLike } from "../../notion/types";
import { publicationOf } from "./publication";

/** A page with these checkbox values (a property left out is absent from the page, as from its database). */
const page = (boxes: Record<string, boolean>, others: PageLike["properties"] = {}): PageLike => ({
  id: "1",
  properties: {
    Title: { type: "title", title: [] },
    ...others,
    ...Object.fromEntries(Object.entries(boxes).map(([name, checked]) => [name, { type: "checkbox", checkbox: checked }])),
  },
});

const slots = { databaseTitle: "Slot Machines" };

describe("publicationOf", () => {
  it("publishes a ticked row, makes an unticked one a draft, and holds a published row whose Hold Changes is ticked", () => {
    expect(publicationOf(page({ Published: true, "Hold Changes": false }), slots)).toBe("published");
    expect(publicationOf(page({ Published: false, "Hold Changes": false }), slots)).toBe("draft");
    expect(publicationOf(page({ Published: true, "Hold Changes": true }), slots)).toBe("held");
  });

  it("keeps a draft a draft whatever Hold Changes says", () => {
    expect(publicationOf(page({ Published: false, "Hold Changes": true }), slots)).toBe("draft");
  });

  it("publishes every row of a database without the Published property, as before drafts existed; Hold Changes still holds", () => {
    expect(publicationOf(page({}), slots)).toBe("published");
    expect(publicationOf(page({ "Hold Changes": true }), slots)).toBe("held");
  });

  it("matches the properties as property names are matched (case and spaces) and only as checkboxes", () => {
    expect(publicationOf(page({ published: false }), slots)).toBe("draft");
    expect(publicationOf(page({ published: true, holdChanges: true }), slots)).toBe("held");
    // A Published select is not the checkbox the layout names: the database publishes every row, and the check says why.
    expect(publicationOf(page({}, { Published: { type: "select", select: null } }), slots)).toBe("published");
  });

  it("gives the databases without drafts (site content, images, page headers and descriptions) every row, ticked or not", () => {
    for (const databaseTitle of ["Site Content", "Images", "Page Descriptions", "Page Headers"])
      expect(publicationOf(page({ Published: false }), { databaseTitle })).toBe("published");
    expect(publicationOf(page({ Published: false }), { databaseTitle: "Posts" })).toBe("draft");
  });
});
