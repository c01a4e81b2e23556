/** Admin sessions: a cookie holding an expiry, a random session id and their HMAC-SHA256, keyed from the ADMIN_PASSWORD secret. */

/** Name of the session cookie. */
export const SESSION_COOKIE = "admin_session";
/** Session lifetime: 12 hours. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

// PBKDF2 stretches the password so a leaked cookie is no cheap oracle for guessing it.
function sessionKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "PBKDF2", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode("coin-op-catalogue admin session v1"), iterations: 100_000 },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

/** A verified session: its id (D1 `admin_sessions` says whether it is still signed in) and expiry (ms since epoch). */
export type SessionClaims = { id: string; expiresAt: number };

const payload = (expiresAt: number, id: string) => encoder.encode(`admin-session:${expiresAt}:${id}`);

/** A fresh random session id: 16 bytes, base64url (22 characters). */
export function newSessionId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** Creates the token of session `id`, valid until `now + 12 h`; returns it with its expiry (ms since epoch). */
export async function createSessionToken(secret: string, id: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + SESSION_TTL_SECONDS * 1000;
  const signature = await crypto.subtle.sign("HMAC", await sessionKey(secret), payload(expiresAt, id));
  return { token: `${expiresAt}.${id}.${toBase64Url(new Uint8Array(signature))}`, expiresAt };
}

/** Returns the id and expiry of a genuine, unexpired token, or null for anything else (whether it was signed out is D1's to say). */
export async function verifySessionToken(secret: string, token: string | undefined, now = Date.now()): Promise<SessionClaims | null> {
  const match = token ? /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  const expiresAt = Number(match[1]);
  if (expiresAt <= now || expiresAt > now + SESSION_TTL_SECONDS * 1000) return null;
  const signature = fromBase64Url(match[3]);
  const genuine = await crypto.subtle.verify("HMAC", await sessionKey(secret), signature, payload(expiresAt, match[2]));
  return genuine ? { id: match[2], expiresAt } : null;
}

/** Compares a submitted password with the secret in constant time (both hashed to equal-length digests first). */
export async function passwordMatches(secret: string, submitted: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(secret), digest(submitted)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}
