/**
 * Notion's documented limits on what one request may send, which setup checks before it sends anything (see
 * docs/notion-workspace.md, "Notion's request rules", for the page each comes from).
 */
export const NOTION_LIMITS = {
  /** Characters in one rich text object's `text.content`, and in a link's URL. */
  textContent: 2000,
  /** Rich text objects in one array. */
  richTextItems: 100,
  /** Characters of a URL property value. */
  url: 2000,
  /** Characters of an email or phone number property value. */
  emailOrPhone: 200,
  /** Characters of a select, multi-select or status option name. */
  optionName: 100,
  /** Options of one multi-select value. */
  multiSelectOptions: 100,
  /** Blocks in one `children` array. */
  children: 100,
  /** Levels of nested children in one request. */
  nesting: 2,
  /** Block elements in one request, nested ones included. */
  blocksPerRequest: 1000,
  /** Bytes of one request's JSON body. */
  payloadBytes: 500_000,
} as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (n: number) => n.toLocaleString("en-US");

/** A problem with a value, in words, and how to fix it. */
export type ValueProblem = { problem: string; fix: string };

/** What breaks a rule in a request's rich text array (a property's, or a block's text or caption). */
function richTextProblems(items: unknown): ValueProblem[] {
  if (!Array.isArray(items)) return [];
  const problems: ValueProblem[] = [];
  if (items.length > NOTION_LIMITS.richTextItems)
    problems.push({
      problem: `its text is ${count(items.length)} pieces, more than the ${NOTION_LIMITS.richTextItems} Notion takes in one value`,
      fix: "shorten it or use fewer styles and links",
    });
  for (const item of items) {
    const text = isObj(item) && isObj(item.text) ? item.text : {};
    const content = typeof text.content === "string" ? text.content : "";
    if (content.length > NOTION_LIMITS.textContent)
      problems.push({
        problem: `one piece of its text is ${count(content.length)} characters, more than the ${count(NOTION_LIMITS.textContent)} Notion takes`,
        fix: "split it",
      });
    const link = isObj(text.link) && typeof text.link.url === "string" ? text.link.url : "";
    if (link.length > NOTION_LIMITS.textContent)
      problems.push({
        problem: `a link is ${count(link.length)} characters long`,
        fix: `use a link of at most ${count(NOTION_LIMITS.textContent)}`,
      });
  }
  return problems;
}

/** What breaks a rule in one option name. */
function optionProblems(name: unknown): ValueProblem[] {
  if (typeof name !== "string") return [];
  const problems: ValueProblem[] = [];
  if (name.includes(","))
    problems.push({
      problem: `the option "${name}" has a comma, which Notion does not allow in an option`,
      fix: "write it without commas",
    });
  if (name.length > NOTION_LIMITS.optionName)
    problems.push({
      problem: `the option "${name.slice(0, 40)}…" is ${count(name.length)} characters, more than the ${NOTION_LIMITS.optionName} Notion takes`,
      fix: "shorten it",
    });
  return problems;
}

/** What breaks a rule in one property value as a request sends it (`{select: {name}}`, `{rich_text: [...]}`, ...). */
export function valueProblems(value: Obj): ValueProblem[] {
  const [type] = Object.keys(value);
  const inner = type === undefined ? undefined : value[type];
  switch (type) {
    case "title":
    case "rich_text":
      return richTextProblems(inner);
    case "select":
    case "status":
      return isObj(inner) ? optionProblems(inner.name) : [];
    case "multi_select": {
      const options = Array.isArray(inner) ? inner : [];
      const problems = options.flatMap((o) => (isObj(o) ? optionProblems(o.name) : []));
      if (options.length > NOTION_LIMITS.multiSelectOptions)
        problems.push({
          problem: `it names ${options.length} options, more than the ${NOTION_LIMITS.multiSelectOptions} Notion takes`,
          fix: "keep fewer",
        });
      return problems;
    }
    case "url":
      return typeof inner === "string" && inner.length > NOTION_LIMITS.url
        ? [
            {
              problem: `the URL is ${count(inner.length)} characters, more than the ${count(NOTION_LIMITS.url)} Notion takes`,
              fix: "use a shorter one",
            },
          ]
        : [];
    case "email":
    case "phone_number":
      return typeof inner === "string" && inner.length > NOTION_LIMITS.emailOrPhone
        ? [{ problem: `it is ${inner.length} characters, more than the ${NOTION_LIMITS.emailOrPhone} Notion takes`, fix: "shorten it" }]
        : [];
    default:
      return [];
  }
}

/** Blocks a list holds, nested ones included. */
export const blockCount = (blocks: readonly unknown[]): number =>
  blocks.reduce<number>((n, block) => n + 1 + blockCount(childrenOf(block)), 0);

function childrenOf(block: unknown): unknown[] {
  if (!isObj(block) || typeof block.type !== "string") return [];
  const content = block[block.type];
  return isObj(content) && Array.isArray(content.children) ? content.children : [];
}

/** What breaks a rule in a page's body as request blocks: each block's text, and children nested deeper than one request takes. */
export function bodyProblems(blocks: readonly unknown[], depth = 0): ValueProblem[] {
  return blocks.flatMap((block) => {
    if (!isObj(block) || typeof block.type !== "string") return [];
    const content = block[block.type];
    const cells = isObj(content) && Array.isArray(content.cells) ? content.cells : [];
    const own = isObj(content)
      ? [...richTextProblems(content.rich_text), ...richTextProblems(content.caption), ...cells.flatMap(richTextProblems)]
      : [];
    const children = childrenOf(block);
    if (children.length === 0) return own;
    // A page's blocks are level 0: their children are the first nested level, theirs the second.
    if (depth + 1 > NOTION_LIMITS.nesting)
      return [
        ...own,
        {
          problem: `its body nests blocks ${depth + 1} levels deep, more than the ${NOTION_LIMITS.nesting} Notion takes in one request`,
          fix: "nest less",
        },
      ];
    if (children.length > NOTION_LIMITS.children)
      own.push({
        problem: `a block of its body holds ${children.length} blocks, more than the ${NOTION_LIMITS.children} Notion takes at once`,
        fix: "split it",
      });
    return [...own, ...bodyProblems(children, depth + 1)];
  });
}

/** Bytes of a request body as JSON. */
export const payloadBytes = (body: unknown): number => new TextEncoder().encode(JSON.stringify(body)).length;
