import { APIErrorCode, APIResponseError, RequestTimeoutError } from "@notionhq/client";
import { SetupError } from "#workspace/setup/setup-error";

/** What went wrong in words an operator can act on, for a failure of a Notion call; undefined for anything else (a bug). */
export function explain(error: unknown, baseUrl: string): string | undefined {
  if (error instanceof SetupError) return error.message;
  if (APIResponseError.isAPIResponseError(error)) {
    const said = `(${error.status} ${error.code}: ${error.message})`;
    switch (error.code) {
      case APIErrorCode.Unauthorized:
        return (
          `Notion refused the token ${said}. NOTION_TOKEN must be your integration's Internal Integration Secret ` +
          `(https://www.notion.so/profile/integrations), and NOTION_API_URL (${baseUrl}) the server it belongs to.`
        );
      case APIErrorCode.RestrictedResource:
        return `The integration may not do this ${said}. In its settings, give it the Read content, Update content and Insert content capabilities.`;
      case APIErrorCode.ObjectNotFound:
        return `Notion could not find something the integration needs ${said}: share it with the integration (its ••• menu → Connections).`;
      case APIErrorCode.RateLimited:
        return `Notion is still rate limiting after several retries ${said}. Wait a few minutes and run the command again: it creates nothing twice.`;
      default:
        return `Notion refused a request ${said}.`;
    }
  }
  if (RequestTimeoutError.isRequestTimeoutError(error))
    return `Notion did not answer in time at ${baseUrl}. Run the command again in a moment.`;
  if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    return `Could not reach Notion at ${baseUrl} (${cause.code ?? cause.message ?? "no answer"}). Check NOTION_API_URL and the network.`;
  }
  return undefined;
}
