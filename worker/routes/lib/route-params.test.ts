import { describe, expect, it } from "vitest";
import { foldCase, notionIdParam, slugParam } from "./route-params";

describe("route params", () => {
  it("accepts keys, sections and page ids of letters, digits, spaces, '_', '-' and '.'", () => {
    for (const ok of ["banner_message", "background-texture", "trade-stimulators", "About Us", "v1.2", "Événements"])
      expect(slugParam.safeParse(ok).success).toBe(true);
    for (const bad of ["", "-x", "a/b", "a;b", "x".repeat(101), "<script>"]) expect(slugParam.safeParse(bad).success).toBe(false);
  });

  it("normalises Notion ids in paths and rejects malformed ones", () => {
    expect(notionIdParam.parse("0123456789ABCDEF0123456789ABCDEF")).toBe("01234567-89ab-cdef-0123-456789abcdef");
    expect(notionIdParam.safeParse("gallery").error?.issues[0]!.message).toBe("must be a Notion page id (32 hex digits, dashes optional)");
  });

  it("folds ASCII case only, as SQLite's NOCASE does", () => {
    expect(foldCase("BANNER_Message")).toBe("banner_message");
    expect(foldCase("ÉVÈNEMENTS")).toBe("ÉvÈnements");
  });
});
