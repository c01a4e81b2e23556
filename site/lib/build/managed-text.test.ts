import { describe, expect, it } from "vitest";
import { testBlock, type PieceFields } from "../../test/fixtures";
import { contactHtml, formattedHtml } from "./managed-text";

const block = (richText: PieceFields[]) => testBlock({ content: "x", richText });

describe("managed text in the shell", () => {
  it("renders a formatted header title as rich text without links (it sits in the home link), and plain pieces not at all", () => {
    expect(
      formattedHtml(block([{ plain_text: "Antique", annotations: { bold: true }, href: "/x" }, { plain_text: " Coin-Op" }]), {
        links: false,
      }),
    ).toBe("<strong>Antique</strong> Coin-Op");
    expect(formattedHtml(block([{ plain_text: "**Antique** Coin-Op" }]))).toBeNull();
    expect(formattedHtml(block([{ plain_text: "  ", annotations: { bold: true } }]))).toBeNull();
    expect(formattedHtml(null)).toBeNull();
  });

  it("keeps a contact detail's formatting inside its tel:/mailto: link, else the escaped text", () => {
    expect(
      contactHtml(block([{ plain_text: "(217) 555-0148", annotations: { bold: true, color: "red" }, href: "tel:1" }]), "(217) 555-0148"),
    ).toBe('<span class="rt-red"><strong>(217) 555-0148</strong></span>');
    expect(contactHtml(block([{ plain_text: "a<b@example.com" }]), "a<b@example.com")).toBe("a&lt;b@example.com");
    expect(contactHtml(null, "(555) 555-0123")).toBe("(555) 555-0123");
  });
});
