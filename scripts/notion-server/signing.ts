import { createHmac, randomBytes } from "node:crypto";

/** Outcome of checking a signed file URL. */
type SignatureCheck = "ok" | "expired" | "bad-signature";

/** Signs and checks S3-style presigned file URLs; `expireAll` revokes every URL issued so far. */
export type FileSigner = {
  sign(path: string, now?: number): { query: string; expiry_time: string };
  check(path: string, params: URLSearchParams, now?: number): SignatureCheck;
  expireAll(): void;
};

const CREDENTIAL_KEY = "ASIADEMOLOCALNOTION7";

/** A signer with a fresh secret; URLs live `ttlSeconds`. Each expireAll starts a new key generation. */
export function createSigner(ttlSeconds: number): FileSigner {
  const secret = randomBytes(32).toString("hex");
  let generation = 0;
  const mac = (gen: number, path: string, date: string, expires: string) =>
    createHmac("sha256", `${secret}:${gen}`).update(`${path}\n${date}\n${expires}`).digest("hex");

  return {
    sign(path, now = Date.now()) {
      const date = amzDate(now);
      const expires = String(ttlSeconds);
      const params = new URLSearchParams({
        "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
        "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD",
        "X-Amz-Credential": `${CREDENTIAL_KEY}/${date.slice(0, 8)}/us-west-2/s3/aws4_request`,
        "X-Amz-Date": date,
        "X-Amz-Expires": expires,
        "X-Amz-Signature": mac(generation, path, date, expires),
        "X-Amz-SignedHeaders": "host",
        "x-id": "GetObject",
      });
      return { query: params.toString(), expiry_time: new Date(parseAmzDate(date) + ttlSeconds * 1000).toISOString() };
    },
    check(path, params, now = Date.now()) {
      const date = params.get("X-Amz-Date") ?? "";
      const expires = params.get("X-Amz-Expires") ?? "";
      const signature = params.get("X-Amz-Signature") ?? "";
      const signedAt = parseAmzDate(date);
      if (!Number.isFinite(signedAt) || !/^\d+$/.test(expires)) return "bad-signature";
      for (let gen = generation; gen >= 0; gen--) {
        if (mac(gen, path, date, expires) !== signature) continue;
        if (gen !== generation || now >= signedAt + Number(expires) * 1000) return "expired";
        return "ok";
      }
      return "bad-signature";
    },
    expireAll() {
      generation += 1;
    },
  };
}

/** `20250106T090000Z` form of a time. */
function amzDate(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function parseAmzDate(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : NaN;
}
