import { randomUUID } from "node:crypto";

/** Notion's answer to a failure it does not name: also the default for a status it has no default for. */
const INTERNAL_ERROR = { code: "internal_server_error", message: "Unexpected error occurred." };

/** Notion's error code and default message for each status the server can answer with. */
const DEFAULTS: Record<number, { code: string; message: string }> = {
  400: { code: "validation_error", message: "body failed validation." },
  401: { code: "unauthorized", message: "API token is invalid." },
  403: { code: "restricted_resource", message: "API token does not have access to this resource." },
  404: { code: "object_not_found", message: "Could not find the requested object." },
  409: { code: "conflict_error", message: "Conflict occurred while saving. Please try again." },
  429: { code: "rate_limited", message: "This request exceeds the number of requests allowed. Slow down and try again." },
  500: INTERNAL_ERROR,
  502: { code: "bad_gateway", message: "Bad gateway: the upstream server failed to answer." },
  503: { code: "service_unavailable", message: "Notion is unavailable, please try again later." },
  504: { code: "gateway_timeout", message: "Notion timed out while attempting to complete this request." },
  529: { code: "service_overload", message: "Notion is overloaded right now, please try again later." },
};

/** An error answered to the client in Notion's shape; `headers` adds e.g. Retry-After. */
export class NotionError extends Error {
  status: number;
  code: string;
  headers: Record<string, string>;
  constructor(status: number, code?: string, message?: string, headers: Record<string, string> = {}) {
    const fallback = DEFAULTS[status] ?? INTERNAL_ERROR;
    super(message ?? fallback.message);
    this.status = status;
    this.code = code ?? fallback.code;
    this.headers = headers;
  }
}

/** The JSON body Notion sends for an error. */
export function errorBody(error: NotionError) {
  return { object: "error", status: error.status, code: error.code, message: error.message, request_id: randomUUID() };
}

/** 400 validation_error with Notion's message. */
export const validationError = (message: string) => new NotionError(400, "validation_error", message);

/** 404 object_not_found naming the id, as Notion words it. */
export const notFound = (id: string, kind = "object") =>
  new NotionError(
    404,
    "object_not_found",
    `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  );

/** 429 rate_limited carrying Retry-After in whole seconds. */
export const rateLimited = (retryAfterSeconds: number) =>
  new NotionError(429, "rate_limited", undefined, { "Retry-After": String(Math.max(0, Math.ceil(retryAfterSeconds))) });
