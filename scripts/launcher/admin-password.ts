import { MIN_ADMIN_PASSWORD_LENGTH } from "#contract/worker-secrets";

/** The admin password of the local demo, used when ADMIN_PASSWORD is not set (as long as the worker requires). */
export const DEMO_ADMIN_PASSWORD = "coin-op-demo";

/**
 * The admin password `npm start` uses and how the launcher names it: only the demo default is ever printed. Throws for
 * a set ADMIN_PASSWORD shorter than MIN_ADMIN_PASSWORD_LENGTH characters, which the worker would refuse (503).
 */
export function adminPassword(env: Record<string, string | undefined>): { password: string; description: string } {
  const set = env.ADMIN_PASSWORD;
  if (!set)
    return {
      password: DEMO_ADMIN_PASSWORD,
      description: `password: ${DEMO_ADMIN_PASSWORD} (local demo default; set ADMIN_PASSWORD to change it)`,
    };
  if (tooShort(set)) {
    throw new Error(
      `ADMIN_PASSWORD is too short: use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (or leave it unset for the local demo password)`,
    );
  }
  return { password: set, description: "password: the one in ADMIN_PASSWORD" };
}

const tooShort = (password: string) => [...password].length < MIN_ADMIN_PASSWORD_LENGTH;

/**
 * Throws, before anything starts, for an admin password the worker would refuse (shorter than MIN_ADMIN_PASSWORD_LENGTH
 * characters: every admin call, sign-in included, answers 503), so a stack given one (a benchmark's, a test's) fails at
 * once, not minutes later at its first sign-in.
 */
export function assertWorkerAccepts(password: string): void {
  if (tooShort(password))
    throw new Error(
      `the stack's admin password is shorter than ${MIN_ADMIN_PASSWORD_LENGTH} characters: the worker would refuse every sign-in`,
    );
}
