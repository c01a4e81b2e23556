/** Hono environment shared by every sub-app: the worker's bindings and per-request variables. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** Set by the admin session middleware once the request carries a valid session. */
    adminSession?: { id: string; expiresAt: number };
    /** Set by the Notion webhook route once the request's address carries the endpoint's secret. */
    webhookSecret?: string;
  };
};
