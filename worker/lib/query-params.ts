/** Pieces of the public query schemas (listings, search): blank values as absent, whole numbers in a range. */
import { z } from "zod";

/** `schema`, reading a blank or whitespace-only value as absent (so its default applies). */
export const blankAsMissing = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** A whole number from `min` to `max` written in digits only: Number() would also take "1e3", "0x10" and " 5". */
export const whole = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z
    .string({ error })
    .regex(/^[0-9]{1,9}$/, error)
    .transform(Number)
    .pipe(z.number().int().min(min, error).max(max, error));
};
