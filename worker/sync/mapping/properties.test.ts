import { describe, expect, it } from "vitest";
import type { PropertyValue } from "../../notion/types";
import { mapProperty } from "./properties";

const site = (url: string) => `/media/notion/copied/${url.split("/").pop()}`;
const map = (value: PropertyValue | undefined) => mapProperty(value, site);
const rich = (...texts: string[]) => texts.map((plain_text) => ({ type: "text", plain_text, href: null }));

describe("mapProperty", () => {
  it("concatenates title and rich_text plain text, NULL when empty", () => {
    expect(map({ type: "title", title: rich("Mills ", "Black Cherry") })).toBe("Mills Black Cherry");
    expect(map({ type: "rich_text", rich_text: rich("a", "", "b") })).toBe("ab");
    expect(map({ type: "rich_text", rich_text: [] })).toBeNull();
    expect(map({ type: "title", title: rich("") })).toBeNull();
  });

  it("keeps numbers (REAL) and NULLs missing or non-finite ones", () => {
    expect(map({ type: "number", number: 1935 })).toBe(1935);
    expect(map({ type: "number", number: 0 })).toBe(0);
    expect(map({ type: "number", number: 12.5 })).toBe(12.5);
    expect(map({ type: "number", number: null })).toBeNull();
  });

  it("stores checkboxes as 1/0", () => {
    expect(map({ type: "checkbox", checkbox: true })).toBe(1);
    expect(map({ type: "checkbox", checkbox: false })).toBe(0);
  });

  it("stores select and status option names", () => {
    expect(map({ type: "select", select: { id: "x", name: "Excellent", color: "green" } })).toBe("Excellent");
    expect(map({ type: "select", select: null })).toBeNull();
    expect(map({ type: "status", status: { id: "s", name: "Done", color: "green" } })).toBe("Done");
  });

  it("stores multi_select, people and relation as JSON arrays, NULL when empty", () => {
    expect(map({ type: "multi_select", multi_select: [{ name: "Mills" }, { name: "Jennings" }] })).toBe('["Mills","Jennings"]');
    expect(map({ type: "multi_select", multi_select: [] })).toBeNull();
    expect(
      map({
        type: "people",
        people: [
          { object: "user", id: "u1", name: "Ann" },
          { object: "user", id: "u2" },
        ],
      }),
    ).toBe('["Ann","u2"]');
    expect(map({ type: "relation", relation: [{ id: "p1" }, { id: "p2" }] })).toBe('["p1","p2"]');
    expect(map({ type: "relation", relation: [] })).toBeNull();
  });

  it("stores the date start as ISO text", () => {
    expect(map({ type: "date", date: { start: "2024-05-01", end: "2024-05-03", time_zone: null } })).toBe("2024-05-01");
    expect(map({ type: "date", date: { start: "2024-05-01T10:00:00.000+02:00", end: null } })).toBe("2024-05-01T10:00:00.000+02:00");
    expect(map({ type: "date", date: null })).toBeNull();
  });

  it("stores url, email and phone_number as text, NULL when empty", () => {
    expect(map({ type: "url", url: "https://example.com/a" })).toBe("https://example.com/a");
    expect(map({ type: "url", url: null })).toBeNull();
    expect(map({ type: "email", email: "shop@example.com" })).toBe("shop@example.com");
    expect(map({ type: "phone_number", phone_number: "" })).toBeNull();
    expect(map({ type: "phone_number", phone_number: "+1 555 0100" })).toBe("+1 555 0100");
  });

  it("stores files as a JSON list: Notion-hosted via the site URL, external unchanged", () => {
    const value = {
      type: "files",
      files: [
        { type: "file", name: "front.png", file: { url: "https://files.example/ws/abc12345/front.png?sig=1", expiry_time: "x" } },
        { type: "external", name: "ext", external: { url: "https://images.example.com/side.jpg" } },
      ],
    };
    expect(map(value)).toBe(JSON.stringify(["/media/notion/copied/front.png?sig=1", "https://images.example.com/side.jpg"]));
    expect(map({ type: "files", files: [] })).toBeNull();
  });

  it("stores created/edited times and users as text", () => {
    expect(map({ type: "created_time", created_time: "2024-01-01T00:00:00.000Z" })).toBe("2024-01-01T00:00:00.000Z");
    expect(map({ type: "last_edited_time", last_edited_time: "2024-02-01T00:00:00.000Z" })).toBe("2024-02-01T00:00:00.000Z");
    expect(map({ type: "created_by", created_by: { object: "user", id: "u1", name: "Ann" } })).toBe("Ann");
    expect(map({ type: "last_edited_by", last_edited_by: { object: "user", id: "u2" } })).toBe("u2");
  });

  it("stores unique_id with its prefix", () => {
    expect(map({ type: "unique_id", unique_id: { prefix: "SLOT", number: 7 } })).toBe("SLOT-7");
    expect(map({ type: "unique_id", unique_id: { prefix: null, number: 7 } })).toBe("7");
    expect(map({ type: "unique_id", unique_id: { prefix: null, number: null } })).toBeNull();
  });

  it("stores formula results as scalar text", () => {
    expect(map({ type: "formula", formula: { type: "string", string: "Rare" } })).toBe("Rare");
    expect(map({ type: "formula", formula: { type: "number", number: 42 } })).toBe("42");
    expect(map({ type: "formula", formula: { type: "boolean", boolean: false } })).toBe("false");
    expect(map({ type: "formula", formula: { type: "date", date: { start: "2020-01-01" } } })).toBe("2020-01-01");
    expect(map({ type: "formula", formula: { type: "string", string: null } })).toBeNull();
  });

  it("stores rollups as scalar text or a JSON list of the items' values", () => {
    expect(map({ type: "rollup", rollup: { type: "number", number: 3, function: "count" } })).toBe("3");
    expect(map({ type: "rollup", rollup: { type: "date", date: { start: "2021-06-01" }, function: "latest_date" } })).toBe("2021-06-01");
    const array = {
      type: "array",
      function: "show_original",
      array: [
        { type: "title", title: rich("[A]") },
        { type: "multi_select", multi_select: [{ name: "x" }, { name: "y" }] },
        { type: "number", number: null },
      ],
    };
    expect(map({ type: "rollup", rollup: array })).toBe('["[A]","x","y"]');
    expect(map({ type: "rollup", rollup: { type: "array", array: [], function: "show_original" } })).toBeNull();
    expect(map({ type: "rollup", rollup: { type: "unsupported", unsupported: {}, function: "x" } })).toBeNull();
  });

  it("stores other types as text or JSON and empty ones as NULL", () => {
    expect(map({ type: "verification", verification: { state: "unverified", date: null, verified_by: null } })).toBe(
      '{"state":"unverified","date":null,"verified_by":null}',
    );
    expect(map({ type: "place", place: { lat: 1, lon: 2, name: "Shop" } })).toBe('{"lat":1,"lon":2,"name":"Shop"}');
    expect(map({ type: "button", button: {} })).toBeNull();
    expect(map({ type: "place", place: null })).toBeNull();
    expect(map({ type: "some_future_type", some_future_type: "text" })).toBe("text");
  });

  it("gives NULL for a missing property", () => {
    expect(map(undefined)).toBeNull();
  });
});
