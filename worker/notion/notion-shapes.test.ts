import { describe, expect, it } from "vitest";
import { NotionBlock, NotionPage, notionList, NotionSearchResult, readNotion } from "./notion-shapes";
import { UpstreamError } from "./upstream-error";

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

describe("readNotion", () => {
  it("passes a well-formed answer through with the fields Notion may add", async () => {
    const answer = {
      object: "list",
      results: [
        {
          object: "page",
          id: "p1",
          created_time: "2025-01-06T09:00:00.000Z",
          icon: { emoji: "x" },
          properties: {
            Title: { id: "title", type: "title", title: [{ plain_text: "Mills", href: null, annotations: { bold: true, color: "red" } }] },
            Price: { type: "number", number: 5 },
            Total: {
              type: "rollup",
              rollup: {
                type: "array",
                array: [
                  { type: "number", number: 2 },
                  { type: "files", files: [] },
                ],
              },
            },
            Mood: { type: "a_type_from_next_year", a_type_from_next_year: "anything" },
          },
        },
      ],
      has_more: false,
      next_cursor: null,
      type: "page_or_data_source",
    };
    expect(await readNotion("the data source query", notionList(NotionPage), async () => answer)).toEqual(answer);
  });

  it("turns a known field of the wrong shape into an UpstreamError naming the call and the place", async () => {
    const answer = {
      object: "list",
      results: [{ object: "page", id: "p1", properties: { Title: { type: "title", title: "Mills" } } }],
      has_more: false,
      next_cursor: null,
    };
    const err = await failure(readNotion("the data source query", notionList(NotionPage), async () => answer));
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toBe(
      "Notion: unexpected answer to the data source query: results.0.properties.Title.title: Invalid input: expected array, received string",
    );
  });

  it("checks values inside rollups and the content of blocks Markdown renders", async () => {
    const rollup = {
      id: "p",
      properties: { Total: { type: "rollup", rollup: { type: "array", array: [{ type: "number", number: "2" }] } } },
    };
    expect(((await failure(readNotion("a page retrieval", NotionPage, async () => rollup))) as Error).message).toBe(
      "Notion: unexpected answer to a page retrieval: properties.Total.rollup.array.0.number: Invalid input: expected number, received string",
    );
    const block = { id: "b", type: "paragraph", paragraph: { rich_text: { plain_text: "x" } } };
    expect(((await failure(readNotion("a block retrieval", NotionBlock, async () => block))) as Error).message).toBe(
      "Notion: unexpected answer to a block retrieval: paragraph.rich_text: Invalid input: expected array, received object",
    );
    const unknownBlock = { id: "b", type: "synced_block", synced_block: "whatever" };
    expect(await readNotion("a block retrieval", NotionBlock, async () => unknownBlock)).toEqual(unknownBlock);
  });

  it("refuses a list without its cursor fields and a search result without an id", async () => {
    expect(
      ((await failure(readNotion("a block children list", notionList(NotionBlock), async () => ({ results: [] })))) as Error).message,
    ).toBe("Notion: unexpected answer to a block children list: has_more: Invalid input: expected boolean, received undefined");
    expect(
      ((await failure(readNotion("a data source retrieval", NotionSearchResult, async () => ({ object: "data_source" })))) as Error)
        .message,
    ).toBe("Notion: unexpected answer to a data source retrieval: id: Invalid input: expected string, received undefined");
  });

  it("reports an answer that is not JSON as an UpstreamError and lets other failures through", async () => {
    const notJson = await failure(
      readNotion("the search for data sources", notionList(NotionSearchResult), async () => JSON.parse("<html>")),
    );
    expect(notJson).toBeInstanceOf(UpstreamError);
    expect((notJson as Error).message).toBe("Notion: the answer to the search for data sources is not JSON");
    const other = new TypeError("boom");
    expect(await failure(readNotion("a page retrieval", NotionPage, () => Promise.reject(other)))).toBe(other);
  });
});
