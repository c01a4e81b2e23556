let id: string | undefined;

/** An id of this isolate, made on first use (no random values at global scope): tells a reloaded worker from the one before. */
export function instanceId(): string {
  id ??= crypto.randomUUID();
  return id;
}
