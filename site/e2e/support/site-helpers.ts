import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { itemPagePath, type ItemSection } from "#contract/item-address";
import type { DemoDatabase, DemoValue } from "#workspace/demo/types";
import type { Span } from "../../../scripts/notion-server/workspace.ts";
import { BASE_URL, VIEWPORTS } from "./browser";

/** Both viewport names, for `describe.each`. */
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[];

/** The demo workspace's spans (or a plain string) as a Notion `rich_text` request value. */
export function richTextValue(value: string | Span[]): { rich_text: unknown[] } {
  const spans = typeof value === "string" ? [{ text: value }] : value;
  return {
    rich_text: spans.map((s) => ({
      type: "text",
      text: { content: s.text, link: s.link ? { url: s.link } : null },
      annotations: {
        bold: !!s.bold,
        italic: !!s.italic,
        strikethrough: !!s.strikethrough,
        underline: !!s.underline,
        code: !!s.code,
        color: s.color ?? "default",
      },
    })),
  };
}

/** The HTML the stack serves for a path right now. */
export async function pageHtml(path: string): Promise<string> {
  return (await fetch(`${BASE_URL}${path}`, { cache: "no-store" })).text();
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** A serious or critical axe-core finding, reduced to what a failure message needs. */
export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/** Runs axe-core on the page and returns its serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, which the pages' Content-Security-Policy (no inline scripts) does not govern.
  await page.evaluate(axeSource);
  const { passes, violations } = await page.evaluate(async () => {
    type Rule = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ passes: Rule[]; violations: Rule[] }> } }).axe;
    const results = await axe.run(document);
    return { passes: results.passes.length, violations: results.violations };
  });
  if (passes === 0) throw new Error("axe-core checked nothing on this page");
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact ?? "", help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
}

/** The page (in `view`) of the first item a listing view of the running API returns. */
export async function firstItemPath(category: string, view: ItemSection): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/collection/${category}/${view}?page=1&limit=2`);
  const items = ((await res.json()) as { items: { id: string; category: string; title: string | null }[] }).items;
  if (!items[0]) throw new Error(`no ${view} item in ${category}`);
  return itemPagePath(view, items[0]);
}

/** The properties of the demo workspace row whose title property `keyProperty` equals `key`. */
export function demoRow(database: DemoDatabase, keyProperty: string, key: string): Record<string, DemoValue> {
  const row = database.pages.find((p) => p.properties[keyProperty] === key);
  if (!row) throw new Error(`no row ${key} in the demo "${database.title}"`);
  return row.properties;
}

/** The plain text of a demo rich-text value (a string or spans). */
export function demoText(value: DemoValue | undefined): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return (value as Span[]).map((s) => s.text).join("");
  return "";
}

/** The spans of a demo rich-text value (a plain string is one unstyled span). */
export function demoSpans(value: DemoValue | undefined): Span[] {
  if (typeof value === "string") return [{ text: value }];
  return Array.isArray(value) ? (value as Span[]) : [];
}

/** What a rich-text element shows: the text of its <strong> and <em> words, and each link's text and address. */
export async function shownFormatting(page: Page, testId: string, nth = 0) {
  return page
    .getByTestId(testId)
    .nth(nth)
    .evaluate((el) => ({
      bold: [...el.querySelectorAll("strong")].map((e) => e.textContent),
      italic: [...el.querySelectorAll("em")].map((e) => e.textContent),
      links: [...el.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]),
    }));
}

/** What the demo spans should show (see shownFormatting): links only for the allowed addresses in `safe`. */
export function expectedFormatting(spans: Span[], safe: (href: string) => boolean) {
  return {
    bold: spans.filter((s) => s.bold).map((s) => s.text),
    italic: spans.filter((s) => s.italic).map((s) => s.text),
    links: spans.filter((s) => s.link && safe(s.link)).map((s) => [s.text, s.link]),
  };
}

/** The text of the page's h1 in the HTML the stack serves for a path (entities decoded), or null. */
export async function servedHeading(path: string): Promise<string | null> {
  const heading = /<h1\b[^>]*>([^<]*)<\/h1>/.exec(await pageHtml(path))?.[1];
  if (heading === undefined) return null;
  return heading
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
