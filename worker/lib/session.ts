/**
 * Admin sessions: the cookie holds an opaque random 256-bit token; D1 keeps only its SHA-256, so a stolen table row
 * cannot be replayed as a cookie, and a tag of the password the session was made under, keyed by the token (HMAC), so
 * a changed password ends every older session without a write while the table alone says nothing about the password.
 */
/** Name of the session cookie over plain-HTTP local development. */
export const SESSION_COOKIE = "admin_session";
/** Name of the session cookie over HTTPS: the `__Host-` prefix makes browsers take it only when Secure, for this host alone, on Path=/. */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Session lifetime: 12 hours. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The session cookie's name for a request to `url`: `__Host-` prefixed when it came over HTTPS. */
export function sessionCookieName(url: string): string {
  return new URL(url).protocol === "https:" ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

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
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(token))));
}

/**
 * Which password a session was made under: HMAC-SHA256 of `password` keyed by the session's own token, as 64 hex
 * digits. The same token and password always give the same tag; without the token (which D1 never holds) it cannot
 * be checked against a guessed password.
 */
export async function passwordTag(token: string, password: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(password))));
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
