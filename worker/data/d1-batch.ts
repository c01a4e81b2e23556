/** D1's batch typed as it answers: one result per statement, in the statements' order (its own type is a plain array). */
export async function batchResults<const S extends readonly D1PreparedStatement[]>(
  db: D1Database,
  statements: S,
): Promise<{ -readonly [K in keyof S]: D1Result }> {
  return (await db.batch([...statements])) as { -readonly [K in keyof S]: D1Result };
}
