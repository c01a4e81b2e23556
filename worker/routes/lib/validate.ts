import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import type { $ZodType } from "zod/v4/core";
import { fail } from "../../lib/errors";

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

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A query string value's bytes (`+` a space, `%XX` a byte, anything else as written) read as UTF-8; null when they are not UTF-8. */
function decodeQueryValue(raw: string): string | null {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === "%" ? raw.slice(i + 1, i + 3) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...encoder.encode(raw[i] === "+" ? " " : raw[i]));
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/**
 * Middleware refusing with 400 a query string whose values are not UTF-8 once percent-decoded (a lone surrogate
 * as `%ED%A0%80`, a stray `%FF`): the query validator would otherwise see them still percent-encoded, as typed text.
 */
export const utf8Query: MiddlewareHandler = async (c, next) => {
  const search = new URL(c.req.url).search.slice(1);
  for (const pair of search ? search.split("&") : []) {
    const at = pair.indexOf("=");
    const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    if (decodeQueryValue(value) === null) fail(400, `Invalid ${decodeQueryValue(name) ?? "query"}: must be UTF-8 text`);
  }
  await next();
};
