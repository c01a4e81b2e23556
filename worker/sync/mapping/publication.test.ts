import { describe, expect, it } from "vitest";
import type { PageLike } from "../../notion/types";
import type { ColumnSpec } from "../../tables/schema";
import { publicationOf } from "./publication";

const TITLE: ColumnSpec = { property: "Title", column: "title", type: "title" };
const PUBLISHED: ColumnSpec = { property: "Published", column: "published", type: "checkbox" };
const HOLD: ColumnSpec = { property: "Hold Changes", column: "hold_changes", type: "checkbox" };

/** A page with these checkbox values (a property left out is absent from the page). */
const page = (boxes: Record<string, boolean>): PageLike => ({
  id: "1",
  properties: Object.fromEntries(Object.entries(boxes).map(([name, checked]) => [name, { type: "checkbox", checkbox: checked }])),
});

const slots = (columns: ColumnSpec[]) => ({ databaseTitle: "Slot Machines", columns });

describe("publicationOf", () => {
  it("publishes a ticked row, makes an unticked one a draft, and holds a published row whose Hold Changes is ticked", () => {
    const table = slots([TITLE, PUBLISHED, HOLD]);
    expect(publicationOf(page({ Published: true, "Hold Changes": false }), table)).toBe("published");
    expect(publicationOf(page({ Published: false, "Hold Changes": false }), table)).toBe("draft");
    expect(publicationOf(page({ Published: true, "Hold Changes": true }), table)).toBe("held");
  });

  it("keeps a draft a draft whatever Hold Changes says, and a row without a Published value off the site", () => {
    const table = slots([TITLE, PUBLISHED, HOLD]);
    expect(publicationOf(page({ Published: false, "Hold Changes": true }), table)).toBe("draft");
    expect(publicationOf(page({}), table)).toBe("draft");
  });

  it("publishes every row of a database without the Published property, as before drafts existed; Hold Changes still holds", () => {
    expect(publicationOf(page({}), slots([TITLE]))).toBe("published");
    expect(publicationOf(page({ "Hold Changes": true }), slots([TITLE, HOLD]))).toBe("held");
  });

  it("matches the properties as property names are matched (case and spaces) and only as checkboxes", () => {
    const renamed = slots([TITLE, { ...PUBLISHED, property: "published" }, { ...HOLD, property: "holdChanges" }]);
    expect(publicationOf(page({ published: false }), renamed)).toBe("draft");
    expect(publicationOf(page({ published: true, holdChanges: true }), renamed)).toBe("held");
    // A Published select is not the checkbox the layout names: the database publishes every row, and the check says why.
    const select = slots([TITLE, { ...PUBLISHED, type: "select" }]);
    expect(publicationOf({ id: "1", properties: { Published: { type: "select", select: null } } }, select)).toBe("published");
  });

  it("gives the databases without drafts (site content, images, page headers and descriptions) every row, ticked or not", () => {
    for (const databaseTitle of ["Site Content", "Images", "Page Descriptions", "Page Headers"])
      expect(publicationOf(page({ Published: false }), { databaseTitle, columns: [TITLE, PUBLISHED] })).toBe("published");
    expect(publicationOf(page({ Published: false }), { databaseTitle: "Posts", columns: [TITLE, PUBLISHED] })).toBe("draft");
  });
});
