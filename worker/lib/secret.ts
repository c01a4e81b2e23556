/** Comparing a secret the worker holds with one a request brings, without the time taken telling anything about it. */

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** True when `submitted` equals `secret`, compared in constant time (both hashed to equal-length digests first). */
export async function secretMatches(secret: string, submitted: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(secret), digest(submitted)]);
  let diff = a.length ^ b.length;
  for (const [i, byte] of a.entries()) diff |= byte ^ (b[i] ?? 0);
  return diff === 0;
}
