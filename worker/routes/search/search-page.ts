import { Hono } from "hono";
import { SEARCH_ANSWER_ID, searchApiPath, searchStateFrom } from "#contract/search-address";
import type { AppEnv } from "../../app-env";
import { withinRateLimit } from "../../middleware/rate-limit";
import { logEvent } from "../../lib/log";
import search from "./search";

/**
 * `GET /search`: the prerendered search page, with the answer to its address's first request (the one its head script
 * would send) put first in its <head>, so the count and the first result's picture are there at first paint instead of
 * a round trip later. The page as built, unchanged, whenever there is nothing to add: no `q`, a HEAD request, an answer
 * other than 200, a client over the rate limit, or any failure.
 */
const searchPage = new Hono<AppEnv>();

/** Escapes text for a double-quoted attribute value. */
const attribute = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

searchPage.get("/", async (c) => {
  const page = await c.env.ASSETS.fetch(c.req.raw);
  const state = searchStateFrom(new URL(c.req.url).search);
  const html = page.headers.get("Content-Type")?.startsWith("text/html");
  if (!state.q || c.req.method !== "GET" || !page.ok || !html) return page;
  const path = searchApiPath(state);
  let answer: string;
  try {
    if (!(await withinRateLimit(c))) return page;
    const res = await search.fetch(new Request(new URL(`/${path.slice(path.indexOf("?"))}`, c.req.url)), c.env, c.executionCtx);
    if (res.status !== 200) return page;
    answer = await res.text();
  } catch (error) {
    logEvent("search_page_answer_failed", { error });
    return page;
  }
  // "<" only occurs inside the JSON's strings, where \u003c reads the same: no "</script>" can close the element early.
  const inline = `<script type="application/json" id="${SEARCH_ANSWER_ID}" data-path="${attribute(path)}">${answer.replaceAll("<", "\\u003c")}</script>`;
  const served = new HTMLRewriter().on("head", { element: (head) => void head.prepend(inline, { html: true }) }).transform(page);
  const headers = new Headers(served.headers);
  // The page now holds one search's answer: never reused for another, revalidated like the API's own answers.
  headers.delete("ETag");
  headers.set("Cache-Control", "private, max-age=0, must-revalidate");
  return new Response(served.body, { status: served.status, headers });
});

export default searchPage;
