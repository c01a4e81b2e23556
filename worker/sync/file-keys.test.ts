import { describe, expect, it } from "vitest";
import { contentTypeFor, fileKeyFor, safeFileName, siteUrlForKey } from "./file-keys";

describe("fileKeyFor", () => {
  it("keys a Notion-hosted file by its file id and name, ignoring the signature", () => {
    const a =
      "https://prod-files-secure.s3.us-west-2.amazonaws.com/ws-1/3f1c2d4e-aaaa-bbbb-cccc-123456789abc/Mills%20Front.png?X-Amz-Signature=1";
    const b = a.replace("Signature=1", "Signature=2&X-Amz-Date=later");
    expect(fileKeyFor(a)).toBe("notion/3f1c2d4e-aaaa-bbbb-cccc-123456789abc/Mills-Front.png");
    expect(fileKeyFor(b)).toBe(fileKeyFor(a));
  });

  it("falls back to a hash of host and path when there is no id segment", () => {
    const key = fileKeyFor("https://host.example/x.png?sig=1");
    expect(key).toMatch(/^notion\/[0-9a-f]{16}\/x\.png$/);
    expect(fileKeyFor("https://host.example/x.png?sig=2")).toBe(key);
    expect(fileKeyFor("https://other.example/x.png")).not.toBe(key);
  });

  it("never lets a name escape its folder", () => {
    const key = fileKeyFor("https://h/ws/abcdef123456/..%2F..%2Fetc%2Fpasswd");
    expect(key.split("/")).toHaveLength(3);
    expect(key).not.toContain("..");
  });
});

describe("safeFileName", () => {
  it("keeps URL-safe characters and the extension", () => {
    expect(safeFileName("Café crème (1).JPG")).toBe("Cafe-creme-1-.JPG");
    expect(safeFileName("../../x")).toBe("x");
    expect(safeFileName("???")).toBe("file");
  });
});

describe("siteUrlForKey and contentTypeFor", () => {
  it("serves keys under /media and guesses types by extension", () => {
    expect(siteUrlForKey("notion/abc/x.png")).toBe("/media/notion/abc/x.png");
    expect(contentTypeFor("a.JPEG")).toBe("image/jpeg");
    expect(contentTypeFor("a.bin")).toBe("application/octet-stream");
  });
});
