/**
 * Admin sessions: the cookie holds an opaque random 256-bit token; D1 keeps only its SHA-256, so neither the cookie nor
 * the table says anything about the password, and a stolen table row cannot be replayed as a cookie.
 */

/** Name of the session cookie. */
export const SESSION_COOKIE = "admin_session";
/** Session lifetime: 12 hours. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A fresh session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** True when a cookie value has the shape of a session token (anything else is refused without a D1 lookup). */
export function isTokenShaped(token: string | undefined): token is string {
  return token !== undefined && TOKEN_SHAPE.test(token);
}

/** The SHA-256 of a token as 64 hex digits: what D1 stores and looks sessions up by. */
export async function tokenHash(token: string): Promise<string> {
  return toHex(await digest(token));
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

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
