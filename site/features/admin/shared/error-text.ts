import type { ToastInput } from "../../shell/toasts";

/** Description of a failure that carries no message. */
const UNKNOWN_ERROR = "An unknown error occurred";

/** The text shown for a failure: its message (`${status}: ${body}` for HTTP errors) or UNKNOWN_ERROR. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
}

/** A destructive notice for a failed admin action. */
export function failureToast(title: string, error: unknown): ToastInput {
  return { title, description: errorText(error), variant: "destructive" };
}

/** The `{ error }` text inside an HttpError's body, if the body is that JSON. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && typeof (parsed as { error?: unknown }).error === "string"
      ? (parsed as { error: string }).error
      : null;
  } catch {
    return null;
  }
}
