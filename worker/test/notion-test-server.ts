/** Bearer token shared by the worker test bindings and the local Notion server the global setup starts. */
export const NOTION_TEST_TOKEN = "test-token";
