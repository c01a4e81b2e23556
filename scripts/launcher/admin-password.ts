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
  if ([...set].length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(
      `ADMIN_PASSWORD is too short: use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (or leave it unset for the local demo password)`,
    );
  }
  return { password: set, description: "password: the one in ADMIN_PASSWORD" };
}
