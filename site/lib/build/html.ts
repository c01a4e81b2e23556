import { parseFragment, serialize, type DefaultTreeAdapterTypes as T } from "parse5";

/** A parsed HTML fragment (parse5's tree, built as a browser would). */
export type Fragment = T.DocumentFragment;

/** Parses an HTML fragment the way a browser parses the inside of a <body>. */
export function parseHtml(html: string): Fragment {
  return parseFragment(html);
}

/** Serialises a fragment (or an element's content) back to HTML; text and attributes are escaped once, here. */
export function toHtml(node: T.ParentNode): string {
  return serialize(node);
}

function isElement(node: T.Node): node is T.Element {
  return "tagName" in node;
}

/** Every element under `node` in document order, optionally only those with `tagName`. */
export function elements(node: T.ParentNode, tagName?: string): T.Element[] {
  const found: T.Element[] = [];
  const visit = (parent: T.ParentNode) => {
    for (const child of parent.childNodes) {
      if (!isElement(child)) continue;
      if (!tagName || child.tagName === tagName) found.push(child);
      visit(child.tagName === "template" ? (child as T.Template).content : child);
    }
  };
  visit(node);
  return found;
}

/** An attribute's (decoded) value, or null when absent. */
export function attribute(element: T.Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

/** Sets (or adds) an attribute to a plain value; serialising escapes it. */
export function setAttribute(element: T.Element, name: string, value: string): void {
  const existing = element.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

/** Replaces an element by its children. */
export function unwrap(element: T.Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  for (const child of element.childNodes) child.parentNode = parent;
  parent.childNodes.splice(parent.childNodes.indexOf(element), 1, ...element.childNodes);
}

/** The element and text children of `node` that are not whitespace-only text. */
function meaningfulChildren(node: T.ParentNode): T.ChildNode[] {
  return node.childNodes.filter((child) => isElement(child) || (child.nodeName === "#text" && (child as T.TextNode).value.trim() !== ""));
}

/** Unwraps a fragment's single top-level element named `tagName` (e.g. Markdown's paragraph around one line). */
export function unwrapSole(fragment: Fragment, tagName: string): void {
  const [only, ...rest] = meaningfulChildren(fragment);
  if (only && rest.length === 0 && isElement(only) && only.tagName === tagName) unwrap(only);
}

// Elements a browser shows on their own line: their text is kept apart from the text around them.
const BLOCKS = new Set([
  "br",
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "tr",
  "td",
  "th",
  "hr",
]);

/** The text a browser shows for an HTML fragment (entities decoded, tags and comments dropped), whitespace collapsed. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  const visit = (parent: T.ParentNode) => {
    for (const child of parent.childNodes) {
      if (child.nodeName === "#text") parts.push((child as T.TextNode).value);
      else if (isElement(child) && child.tagName !== "script" && child.tagName !== "style" && child.tagName !== "template") {
        const block = BLOCKS.has(child.tagName);
        if (block) parts.push(" ");
        visit(child);
        if (block) parts.push(" ");
      }
    }
  };
  visit(parseHtml(html));
  return parts.join("").replace(/\s+/g, " ").trim();
}
