import { atom } from "nanostores";
import { readSession, signIn, signOut } from "./admin-api";
import { errorText, serverMessage } from "./error-text";
import { statusOf } from "../../../lib/http";

/** Where the admin panel stands: still asking the server, showing the sign-in card, or signed in. */
export type AdminSession = { status: "checking" | "signed-out" | "signed-in"; expiresAt: string | null; notice: string | null };

/** The admin session as the panel knows it. */
export const $adminSession = atom<AdminSession>({ status: "checking", expiresAt: null, notice: null });
/** The sign-in form: request running, and the error text under the field. */
export const $signInForm = atom<{ pending: boolean; error: string | null }>({ pending: false, error: null });

/** Text on the sign-in card after a 401 mid-session. */
export const SESSION_EXPIRED = "Your session has expired. Please sign in again.";

/** Asks the server whether this browser is signed in. */
export async function checkSession(): Promise<void> {
  try {
    const session = await readSession();
    $adminSession.set({ status: session.authenticated ? "signed-in" : "signed-out", expiresAt: session.expiresAt, notice: null });
  } catch (error) {
    $adminSession.set({ status: "signed-out", expiresAt: null, notice: signInErrorText(error) });
  }
}

/** Signs in with the password; the form shows wrong-password, throttling and configuration errors. */
export async function submitPassword(password: string): Promise<void> {
  if ($signInForm.get().pending) return;
  $signInForm.set({ pending: true, error: null });
  try {
    const session = await signIn(password);
    $signInForm.set({ pending: false, error: null });
    $adminSession.set({ status: "signed-in", expiresAt: session.expiresAt, notice: null });
  } catch (error) {
    $signInForm.set({ pending: false, error: signInErrorText(error) });
  }
}

/** Signs out and shows the sign-in card again. */
export async function signOutAdmin(): Promise<string | null> {
  try {
    await signOut();
    $adminSession.set({ status: "signed-out", expiresAt: null, notice: null });
    return null;
  } catch (error) {
    return errorText(error);
  }
}

/** On a 401 the session is gone: back to the sign-in card. True when it was a 401. */
export function handleUnauthorized(error: unknown): boolean {
  if (statusOf(error) !== 401) return false;
  $adminSession.set({ status: "signed-out", expiresAt: null, notice: SESSION_EXPIRED });
  return true;
}

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
