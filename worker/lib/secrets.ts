/** Random URL-safe secrets and their comparison in constant time. */

const encoder = new TextEncoder();

/** A fresh secret of `bytes` random bytes (default 32: 256 bits), base64url without padding (43 characters for 32 bytes). */
export function randomUrlSecret(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...random))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Whether `submitted` equals `secret`, in a time that depends on neither: both are hashed to 32-byte SHA-256 digests
 * first (so their lengths say nothing), then every byte pair is compared.
 */
export async function secretMatches(secret: string, submitted: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(secret), digest(submitted)]);
  let diff = a.length ^ b.length;
  for (const [i, byte] of a.entries()) diff |= byte ^ (b[i] ?? 0);
  return diff === 0;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}
