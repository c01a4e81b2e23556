import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { marked, type Token } from "marked";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The folders whose `README.md` files are documents too (each opens a folder of code). */
const CODE_FOLDERS = ["contract", "scripts", "site", "worker", "workspace"];

/** A backticked mention of a file or folder of the repository, named from its root. */
const REPO_PATH = /^(?:contract|docs|scripts|site|worker|workspace)\/[\w./-]*$/;

/** The repository's documents: the README, every page of `docs/` and every folder's README. */
function documents(): string[] {
  const docs = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  const readmes = CODE_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((path) => path.split("/").at(-1) === "README.md" && !path.includes("node_modules"))
      .map((path) => `${folder}/${path}`),
  );
  return ["README.md", ...docs, ...readmes].sort();
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens, repeats numbered from 1. */
function anchors(tokens: Token[]): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  marked.walkTokens(tokens, (token) => {
    if (token.type !== "heading") return;
    const slug = token.text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count ? `${slug}-${count}` : slug);
  });
  return found;
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors of a document's headings, worked out once per text. */
function anchorsOf(text: string): Set<string> {
  let found = anchorCache.get(text);
  if (!found) anchorCache.set(text, (found = anchors(marked.lexer(text))));
  return found;
}

/** What is wrong with the links and path mentions of the document at `path` (from the root) whose text is `text`. */
function problems(path: string, text: string, read: (path: string) => string | null): string[] {
  const tokens = marked.lexer(text);
  const found: string[] = [];
  const check = (token: Token) => {
    if (token.type === "link" || token.type === "image") {
      const href: string = token.href;
      if (/^[a-z][a-z+.-]*:|^\/\//i.test(href)) return;
      const [target = "", anchor] = href.split("#");
      const file = target ? join(dirname(path), decodeURIComponent(target)) : path;
      if (!existsSync(join(root, file)) && read(file) === null) found.push(`${path}: link to ${href}: no file ${file}`);
      else if (anchor && file.endsWith(".md")) {
        const other = read(file);
        if (other !== null && !anchorsOf(other).has(anchor)) found.push(`${path}: link to ${href}: no heading #${anchor} in ${file}`);
      }
    }
    if (token.type === "codespan" || token.type === "code") {
      for (const word of token.text.split(/\s+/)) {
        const mention = word.replace(/^[("'[]+|[)"',.:;\]]+$/g, "");
        if (REPO_PATH.test(mention) && !existsSync(join(root, mention)) && read(mention) === null)
          found.push(`${path}: \`${mention}\` does not exist`);
      }
    }
  };
  marked.walkTokens(tokens, check);
  return found;
}

/** A file of the repository as text, or null when there is none. */
const readRepoFile = (path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null);

describe("the documents' links and path mentions", () => {
  it("link only to files and headings that exist, and name only repository paths that exist", () => {
    const docs = documents();
    expect(docs).toContain("docs/api.md");
    expect(docs.flatMap((path) => problems(path, readRepoFile(path)!, readRepoFile))).toEqual([]);
  });

  it("reports a missing file, a missing heading and a path that does not exist", () => {
    const files: Record<string, string> = {
      "docs/page.md": "# A page\n\n## How `npm test` runs\n",
      "docs/new.md": [
        "# New",
        "See [the page](page.md#how-npm-test-runs), [above](#new), [a heading it lacks](page.md#nothing),",
        "[a file that is gone](gone.md), [the root README](../README.md) and [a site](https://example.com/x.md).",
        "",
        "| Code | Where |",
        "|---|---|",
        "| `worker/index.ts` | `worker/no-such-file.ts`, |",
        "",
        "```sh",
        "node scripts/no-such-script.ts --flag",
        "```",
      ].join("\n"),
    };
    const read = (path: string) => files[path] ?? readRepoFile(path);
    expect(problems("docs/new.md", files["docs/new.md"]!, read)).toEqual([
      "docs/new.md: link to page.md#nothing: no heading #nothing in docs/page.md",
      "docs/new.md: link to gone.md: no file docs/gone.md",
      "docs/new.md: `worker/no-such-file.ts` does not exist",
      "docs/new.md: `scripts/no-such-script.ts` does not exist",
    ]);
  });

  it("makes anchors as GitHub does", () => {
    const headings = "# Fewer, larger steps on Paid: `SYNC_STEP_SUBREQUESTS`\n\n## Notion's rate limits\n\n## Notes\n\n## Notes\n";
    expect([...anchors(marked.lexer(headings))]).toEqual([
      "fewer-larger-steps-on-paid-sync_step_subrequests",
      "notions-rate-limits",
      "notes",
      "notes-1",
    ]);
  });
});
