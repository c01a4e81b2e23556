import { NotionError } from "./errors.ts";

/**
 * An injected failure: answer `status` to the next `times` API requests whose path contains `path`, after letting
 * the first `skip` of them through (so a later cursor page fails). With `body` the answer is that body as it is (a
 * string as text, anything else as JSON: a malformed response) instead of Notion's error JSON.
 */
export type Fault = {
  status: number;
  times: number;
  skip?: number;
  path?: string;
  retryAfter?: number;
  code?: string;
  message?: string;
  body?: unknown;
};

/** An injected answer that is not a Notion error: status and the body to send. */
type RawAnswer = { status: number; body: unknown };

/**
 * Queue of injected faults, consumed in order of injection. `take` with `namedOnly` (file downloads) considers only
 * faults whose `path` names the request, so a fault meant for any API request never hits a download.
 */
export type Faults = {
  add(fault: Fault): void;
  take(method: string, path: string, namedOnly?: boolean): NotionError | RawAnswer | null;
  clear(): void;
  pending(): Fault[];
};

/** Creates an empty fault queue. */
export function createFaults(): Faults {
  let queue: Fault[] = [];
  return {
    add(fault) {
      queue.push({ ...fault });
    },
    take(method, path, namedOnly = false) {
      const fault = queue.find((f) => (f.path ? path.includes(f.path) || `${method} ${path}`.includes(f.path) : !namedOnly));
      if (!fault) return null;
      if (fault.skip) {
        fault.skip -= 1;
        return null;
      }
      fault.times -= 1;
      if (fault.times <= 0) queue = queue.filter((f) => f !== fault);
      if (fault.body !== undefined) return { status: fault.status, body: fault.body };
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
      else if (fault.status === 429) headers["Retry-After"] = "1";
      return new NotionError(fault.status, fault.code, fault.message, headers);
    },
    clear() {
      queue = [];
    },
    pending: () => queue.map((f) => ({ ...f })),
  };
}
