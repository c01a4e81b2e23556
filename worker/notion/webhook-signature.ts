/** Notion's webhook signature: `X-Notion-Signature: sha256=<hex HMAC-SHA256 of the raw body keyed by the verification token>`. */

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

async function hmacKey(token: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(token), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** The header value Notion sends for `body` signed with `token`. */
export async function signWebhookBody(token: string, body: string | ArrayBuffer): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(token, "sign"), bytes));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Whether `header` is the signature of `body` under `token`. The comparison is crypto.subtle.verify's, which takes
 * the same time however many leading bytes match; a header that is not `sha256=` and 64 hex digits is simply false.
 */
export async function verifyWebhookSignature(token: string, body: ArrayBuffer, header: string | undefined | null): Promise<boolean> {
  const hex = header ? SIGNATURE.exec(header.trim())?.[1] : undefined;
  if (!hex) return false;
  const mac = new Uint8Array(32);
  for (let i = 0; i < 32; i++) mac[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", await hmacKey(token, "verify"), mac, body);
}
