import type { FileSpec } from "../workspace.ts";
import type { ShapeContext } from "./context.ts";

/** The file part of a Notion file object: `{type:"file", file:{url, expiry_time}}` or `{type:"external", external:{url}}`. */
export function fileContent(spec: FileSpec, ctx: ShapeContext): { type: "file"; file: object } | { type: "external"; external: object } {
  if ("external" in spec) return { type: "external", external: { url: externalUrl(spec.external, ctx) } };
  const stored = spec.id ? ctx.store.files.get(spec.id) : undefined;
  if (!stored) throw new Error(`file ${spec.id ?? spec.image} is not registered in the store`);
  return { type: "file", file: ctx.signFile(stored) };
}

/** A files property entry: name plus file content. */
export function namedFile(spec: FileSpec, ctx: ShapeContext) {
  return { name: fileName(spec), ...fileContent(spec, ctx) };
}

/** External URLs may say `$SERVER` to point at this server's unsigned public copies. */
export function externalUrl(url: string, ctx: ShapeContext): string {
  return url.replace("$SERVER", ctx.baseUrl);
}

/** The display name of a file: its given name, else the last path segment. */
function fileName(spec: FileSpec): string {
  if (spec.name) return spec.name;
  const source = "external" in spec ? spec.external : spec.image;
  const [path = ""] = source.split("?");
  return decodeURIComponent(path.split("/").pop() || "file");
}
