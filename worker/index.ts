import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { notFound, onError } from "./lib/errors";
import { adminGuard } from "./middleware/admin-guard";
import adminSession from "./routes/admin-session";
import adminSyncStatus from "./routes/admin-sync-status";

const app = new Hono<AppEnv>();

app.onError(onError);
app.notFound(notFound);

app.get("/api/health", (c) => c.json({ ok: true }));

app.use("/api/admin/*", adminGuard);
app.route("/api/admin/session", adminSession);
app.route("/api/admin/sync-status", adminSyncStatus);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
