import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { $ZodType } from "zod/v4/core";
import { fail } from "./errors";

/** The one zod validator wrapper: every validation failure becomes the same 400 `{ error }` body. */
export function validate<T extends keyof ValidationTargets, S extends $ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue?.path.length ? issue.path.join(".") : target;
      fail(400, `Invalid ${where}: ${issue?.message ?? "bad input"}`);
    }
  });
}
