import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { notFound, onError } from "./lib/errors";
import { cachedRoute } from "./cache/serve";
import { instanceId } from "./lib/instance";
import { syncAll } from "./notion/sync-all";
import { adminGuard } from "./middleware/admin-guard";
import { bodyLimits } from "./middleware/body-limit";
import { apiRateLimit } from "./middleware/rate-limit";
import adminCache from "./routes/admin-cache";
import adminNotion from "./routes/admin-notion";
import adminNotionWebhook from "./routes/admin-notion-webhook";
import adminSession from "./routes/admin-session";
import adminSyncStatus from "./routes/admin-sync-status";
import collection from "./routes/collection";
import content from "./routes/content";
import images from "./routes/images";
import media from "./routes/media";
import notionWebhook from "./routes/notion-webhook";
import pageDescriptions from "./routes/page-descriptions";
import pageHeaders from "./routes/page-headers";
import posts from "./routes/posts";

const app = new Hono<AppEnv>();

app.onError(onError);
app.notFound(notFound);

app.use("*", bodyLimits);
app.use("/api/*", apiRateLimit);
app.get("/api/health", (c) => c.json({ ok: true, instance: instanceId() }));
app.route("/api/content", content);
app.route("/api/images", images);
app.route("/api/page-description", pageDescriptions);
app.route("/api/posts", posts);
app.route("/api/page-headers", pageHeaders);
app.route("/api/collection", collection);
app.route("/api/notion/webhook", notionWebhook);

app.use("/api/admin/*", adminGuard);
// Counting every table's rows costs a query per table; every sync and cache clear purges this entry.
app.get("/api/admin/notion-tables", cachedRoute("databases", "tables"));
app.route("/api/admin/session", adminSession);
app.route("/api/admin/sync-status", adminSyncStatus);
app.route("/api/admin/notion-webhook", adminNotionWebhook);
app.route("/api/admin", adminCache);
app.route("/api/admin", adminNotion);
app.route("/media", media);

export { SyncDebouncer } from "./notion/sync-debouncer";

export default {
  fetch: app.fetch,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(syncAll(env, ctx).then(() => undefined, (err) => console.error("scheduled sync failed:", err))),
} satisfies ExportedHandler<Env>;
