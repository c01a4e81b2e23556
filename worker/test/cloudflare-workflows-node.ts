/** `cloudflare:workflows` for unit tests in Node, which only import the worker's entry to check its exports. */
export class NonRetryableError extends Error {
  override name = "NonRetryableError";
}
