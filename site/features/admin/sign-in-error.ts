import { statusOf } from "../../lib/http";
import { errorText, serverMessage } from "./error-text";

/** What the sign-in card says about a failed sign-in. */
export function signInErrorText(error: unknown): string {
  switch (statusOf(error)) {
    case 401:
      return "Incorrect password. Please try again.";
    case 429:
      return serverMessage(error) ?? "Too many sign-in attempts. Please wait a few minutes and try again.";
    case 503:
      return "Admin access is not configured on the server (set the ADMIN_PASSWORD secret, at least 12 characters).";
    default:
      return errorText(error);
  }
}
