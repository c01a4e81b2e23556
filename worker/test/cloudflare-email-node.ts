/** `cloudflare:email` for unit tests in Node, which only import the worker's entry to check its exports. */
export class EmailMessage {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly raw: string | ReadableStream,
  ) {}
}
