import { PROPERTY_TYPES, type PropertySpec, type PropertyType } from "./workspace.ts";
import { validationError } from "./errors.ts";
import { checkOptionName } from "./limits.ts";
import type { StoredProperty } from "./store-types.ts";

type Obj = Record<string, unknown>;

/** Property types a database creation or a data source update may configure here (relations, rollups and status are not modelled). */
const CONFIGURABLE: readonly PropertyType[] = PROPERTY_TYPES.filter((type) => type !== "status" && type !== "relation");

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The type a property configuration names (`{"rich_text": {}}` or `{"type": "rich_text"}`), or undefined when it names none. */
function configuredType(where: string, config: Obj): PropertyType | undefined {
  const keys = Object.keys(config).filter((k) => (CONFIGURABLE as readonly string[]).includes(k)) as PropertyType[];
  if (keys.length > 1)
    throw validationError(`body failed validation: ${where} should name one property type, instead named ${keys.join(", ")}.`);
  const named = typeof config.type === "string" ? config.type : undefined;
  if (named !== undefined && !(CONFIGURABLE as readonly string[]).includes(named))
    throw validationError(`body failed validation: ${where}.type should be one of ${CONFIGURABLE.join(", ")}, instead was \`"${named}"\`.`);
  if (keys[0] && named && keys[0] !== named)
    throw validationError(`body failed validation: ${where}.type \`${named}\` does not match \`${keys[0]}\`.`);
  return keys[0] ?? (named as PropertyType | undefined);
}

/** Select option names from a configuration's `options` (each `{name}` or, for an existing option, `{id}`), checked as Notion checks them. */
function optionNames(where: string, options: unknown, existing: StoredProperty | undefined, optionId: (name: string) => string): string[] {
  if (options === undefined) return existing?.options ?? [];
  if (!Array.isArray(options)) throw validationError(`body failed validation: ${where}.options should be an array.`);
  const names = options.map((o, i) => {
    const at = `${where}.options[${i}]`;
    if (!isObj(o)) throw validationError(`body failed validation: ${at} should be an object.`);
    if (typeof o.name === "string") {
      if (o.name.trim() === "") throw validationError(`body failed validation: ${at}.name should not be empty.`);
      checkOptionName(`${at}.name`, o.name);
      return o.name;
    }
    const byId = typeof o.id === "string" ? existing?.options?.find((name) => optionId(name) === o.id) : undefined;
    if (byId === undefined) throw validationError(`body failed validation: ${at} should name an option (name) or an existing one (id).`);
    return byId;
  });
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw validationError(`Duplicate select option name: \`${twice}\`.`);
  return names;
}

/** A property configuration as the schema stores it: its type, options, number format, formula or prefix. */
export function specFromConfig(
  where: string,
  config: unknown,
  existing?: StoredProperty,
  optionId: (name: string) => string = () => "",
): PropertySpec | undefined {
  if (!isObj(config)) throw validationError(`body failed validation: ${where} should be an object or \`null\`.`);
  const type = configuredType(where, config);
  if (!type) return undefined;
  const inner = isObj(config[type]) ? (config[type] as Obj) : {};
  const keep = existing?.type === type ? existing : undefined;
  switch (type) {
    case "select":
    case "multi_select":
      return { type, options: optionNames(`${where}.${type}`, inner.options, keep, optionId) };
    case "number":
      return { type, format: typeof inner.format === "string" ? inner.format : (keep?.format ?? "number") };
    case "formula":
      return { type, expression: typeof inner.expression === "string" ? inner.expression : (keep?.expression ?? "") };
    case "unique_id":
      return { type, prefix: typeof inner.prefix === "string" ? inner.prefix : keep?.prefix };
    default:
      return { type };
  }
}
