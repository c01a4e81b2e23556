import { validationError } from "./errors.ts";

/**
 * Notion's documented limits on a request (developers.notion.com: "Request limits", "Page properties", "Append block
 * children", "Working with files and media"), which the local server enforces as Notion does: 400 validation_error naming
 * the field.
 */
export const LIMITS = {
  textContent: 2000,
  linkUrl: 2000,
  richTextItems: 100,
  url: 2000,
  emailOrPhone: 200,
  optionName: 100,
  multiSelectOptions: 100,
  relations: 100,
  children: 100,
  nesting: 2,
  blocksPerRequest: 1000,
  payloadBytes: 500_000,
  pageSize: 100,
  singlePartBytes: 20 * 1024 * 1024,
  partMinBytes: 5 * 1024 * 1024,
  parts: 1000,
} as const;

/** Refuses a list longer than `max`, in Notion's words. */
export function atMost(where: string, length: number, max: number): void {
  if (length > max) throw validationError(`body failed validation: ${where}.length should be ≤ \`${max}\`, instead was \`${length}\`.`);
}

/** Refuses a select, multi-select or status option name Notion does not take: a comma, or too long. */
export function checkOptionName(where: string, name: string): void {
  if (name.includes(","))
    throw validationError(`body failed validation: ${where} should not contain commas, instead was \`${JSON.stringify(name)}\`.`);
  atMost(where, name.length, LIMITS.optionName);
}
