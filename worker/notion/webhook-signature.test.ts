import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature";

const token = "secret_verification_token";
const body = JSON.stringify({ id: "e1", type: "page.properties_updated", entity: { id: "p1", type: "page" } });
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
// Notion's documented scheme, computed independently with Node's crypto.
const nodeSignature = `sha256=${createHmac("sha256", token).update(body).digest("hex")}`;

describe("webhook signature", () => {
  it("signs a body as Notion does (sha256= and the hex HMAC-SHA256 keyed by the verification token)", async () => {
    expect(await signWebhookBody(token, body)).toBe(nodeSignature);
  });

  it("accepts the right signature, in either hex case", async () => {
    expect(await verifyWebhookSignature(token, bytes(body), nodeSignature)).toBe(true);
    expect(await verifyWebhookSignature(token, bytes(body), nodeSignature.toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
  });

  it("refuses a signature made with another token, of another body, or with one digit changed", async () => {
    expect(await verifyWebhookSignature("other-token", bytes(body), nodeSignature)).toBe(false);
    expect(await verifyWebhookSignature(token, bytes(body + " "), nodeSignature)).toBe(false);
    const last = nodeSignature.at(-1) === "0" ? "1" : "0";
    expect(await verifyWebhookSignature(token, bytes(body), nodeSignature.slice(0, -1) + last)).toBe(false);
  });

  it("refuses a missing, empty, truncated or differently labelled header", async () => {
    for (const header of [
      undefined,
      null,
      "",
      "sha256=",
      nodeSignature.slice(0, -2),
      nodeSignature.replace("sha256=", "sha1="),
      nodeSignature.slice(7),
    ]) {
      expect(await verifyWebhookSignature(token, bytes(body), header)).toBe(false);
    }
  });
});
