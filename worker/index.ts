import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { notFound, onError } from "./lib/errors";
import { cachedRoute } from "./cache/serve";
import { instanceId } from "./lib/instance";
import { collectMediaGarbage } from "./notion/media-gc";
import { startSync } from "./notion/start-sync";
import { adminGuard } from "./middleware/admin-guard";
import { bodyLimits } from "./middleware/body-limit";
import { apiRateLimit } from "./middleware/rate-limit";
import adminCache from "./routes/admin-cache";
import adminNotion from "./routes/admin-notion";
import adminNotionWebhook from "./routes/admin-notion-webhook";
import adminSession from "./routes/admin-session";
import adminSyncRuns from "./routes/admin-sync-runs";
import adminSyncStatus from "./routes/admin-sync-status";
import buildCatalogue from "./routes/build-catalogue";
import collection from "./routes/collection";
import content from "./routes/content";
import images from "./routes/images";
import media from "./routes/media";
import notionWebhook from "./routes/notion-webhook";
import mediaVariants from "./routes/media-variants";
import pageDescriptions from "./routes/page-descriptions";
import pageHeaders from "./routes/page-headers";
import posts from "./routes/posts";
import search from "./routes/search";

const app = new Hono<AppEnv>();

app.onError(onError);
app.notFound(notFound);

// Notion's webhook sets its own body limit (events list authors and properties: more than the 1 KB below).
app.route("/api/notion/webhook", notionWebhook);
app.use("*", bodyLimits);
app.use("/api/*", apiRateLimit);
app.get("/api/health", (c) => c.json({ ok: true, instance: instanceId() }));
app.route("/api/content", content);
app.route("/api/images", images);
app.route("/api/page-description", pageDescriptions);
app.route("/api/posts", posts);
app.route("/api/page-headers", pageHeaders);
app.route("/api/collection", collection);
app.route("/api/search", search);
app.route("/api/build", buildCatalogue);

app.use("/api/admin/*", adminGuard);
// Counting every table's rows costs a query per table; every sync and cache clear purges this entry.
app.get("/api/admin/notion-tables", cachedRoute("databases", "tables"));
app.route("/api/admin/session", adminSession);
app.route("/api/admin/sync-status", adminSyncStatus);
app.route("/api/admin/notion-webhook", adminNotionWebhook);
app.route("/api/admin/sync-runs", adminSyncRuns);
app.route("/api/admin", adminCache);
app.route("/api/admin", adminNotion);
// Resized copies first: no synced key starts with "w/" (the sync writes `notion/...` keys only).
app.route("/media/w", mediaVariants);
app.route("/media", media);

export { SyncDebouncer } from "./notion/sync-debouncer";
export { SyncWorkflow } from "./notion/sync-workflow";

export default {
  fetch: app.fetch,
  // Files unreferenced since an earlier night go first (the collection takes the sync lock briefly), then the full sync starts as a workflow run.
  scheduled: (_controller, env, ctx) =>
    ctx.waitUntil(
      collectMediaGarbage(env)
        .then(() => undefined, (err) => console.error("media garbage collection failed:", err))
        .then(() => startSync(env, { kind: "full" }, "cron"))
        .then(() => undefined, (err) => console.error("scheduled sync failed to start:", err)),
    ),
} satisfies ExportedHandler<Env>;
