/** Comparing a secret the worker holds with one a request brings, without the time taken telling anything about it. */

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** True when `submitted` equals `secret`, compared in constant time (both hashed to equal-length digests first). */
export async function secretMatches(secret: string, submitted: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(secret), digest(submitted)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
