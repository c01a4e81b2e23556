import { APIResponseError, RequestTimeoutError } from "@notionhq/client";
import { notionFailureText } from "#contract/notion-failures";
import { SetupError } from "#workspace/setup/setup-error";

/** What went wrong in words an operator can act on, for a failure of a Notion call; undefined for anything else (a bug). */
export function explain(error: unknown, baseUrl: string): string | undefined {
  if (error instanceof SetupError) return error.message;
  if (APIResponseError.isAPIResponseError(error)) {
    // The same words the admin panel and the sync history use; a command reads its token from its environment.
    const words = notionFailureText({ status: error.status, code: error.code, message: error.message }, { nextTry: "command" });
    return error.status === 401
      ? `${words}\nThis command reads it from NOTION_TOKEN, for the server at NOTION_API_URL (${baseUrl}).`
      : words;
  }
  if (RequestTimeoutError.isRequestTimeoutError(error))
    return `Notion did not answer in time at ${baseUrl}. Run the command again in a moment.`;
  if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    return `Could not reach Notion at ${baseUrl} (${cause.code ?? cause.message ?? "no answer"}). Check NOTION_API_URL and the network.`;
  }
  return undefined;
}
