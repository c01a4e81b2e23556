import { Hono } from "hono";
import { except } from "hono/combine";
import { ADMIN_CACHE_PREFIX, ADMIN_PATHS, ADMIN_PREFIX, API_PATHS, API_PREFIX } from "#contract/api-paths";
import { sectionPath } from "#contract/item-address";
import type { Health } from "#contract/health";
import type { AppEnv } from "./app-env";
import { onError } from "./lib/errors";
import { instanceId } from "./lib/instance";
import { collectMediaGarbage } from "./sync/files/media-gc";
import { expireEnquiries } from "./data/enquiry-retention";
import { startSync } from "./sync/steps/start-sync";
import { adminGuard, requireSession } from "./middleware/admin-guard";
import { apiRateLimit } from "./middleware/rate-limit";
import adminCache from "./routes/admin-cache";
import adminEnquiries from "./routes/enquiries/admin-enquiries";
import adminFirstRun from "./routes/admin-first-run";
import adminNotion from "./routes/admin-notion";
import adminNotionWebhook from "./routes/notion-webhook/admin-notion-webhook";
import adminRebuildHook from "./routes/admin-rebuild-hook";
import adminSession from "./routes/admin-session";
import adminSettings from "./routes/admin-settings";
import adminSyncRuns from "./routes/admin-sync-runs";
import adminSyncStatus from "./routes/admin-sync-status";
import buildCatalogue from "./routes/catalogue/build-catalogue";
import catalogue from "./routes/catalogue/catalogue";
import enquiries from "./routes/enquiries/enquiries";
import { itemPages } from "./routes/catalogue/item-pages";
import media from "./routes/media/media";
import notionWebhook from "./routes/notion-webhook/notion-webhook";
import { siteNotFound } from "./routes/not-found-page";
import mediaVariants from "./routes/media/media-variants";
import mediaSocial from "./routes/media/media-social";
import { content, images, pageDescriptions, pageHeaders } from "./routes/keyed-lookups";
import posts from "./routes/posts";
import search from "./routes/search/search";
import searchPage from "./routes/search/search-page";
import siteSettings from "./routes/site-settings";
import { logEvent } from "./lib/log";

const app = new Hono<AppEnv>();

app.onError(onError);
// The worker sees only what no static file matches: unknown API paths answer JSON, any other the site's 404 page.
app.notFound(siteNotFound);

app.use(`${API_PREFIX}/*`, apiRateLimit);
// Files too: a miss of this location's cache costs a D1 lookup and an R2 read.
app.use("/media/*", apiRateLimit);
app.get(API_PATHS.health, (c) => c.json<Health>({ ok: true, instance: instanceId() }));
app.route(API_PATHS.content, content);
app.route(API_PATHS.images, images);
app.route(API_PATHS.pageDescription, pageDescriptions);
app.route(API_PATHS.posts, posts);
app.route(API_PATHS.pageHeaders, pageHeaders);
app.route(API_PATHS.collection, catalogue);
app.route(API_PATHS.search, search);
app.route(API_PATHS.build, buildCatalogue);
app.route(API_PATHS.enquiries, enquiries);
app.route(API_PATHS.siteSettings, siteSettings);
app.route(API_PATHS.notionWebhook, notionWebhook);

app.use(`${ADMIN_PREFIX}/*`, adminGuard);
// Signing in, signing out and the session's state need no session; every other admin call does.
app.use(`${ADMIN_PREFIX}/*`, except(ADMIN_PATHS.session, requireSession));
app.route(ADMIN_PATHS.session, adminSession);
app.route(ADMIN_PATHS.syncStatus, adminSyncStatus);
app.route(ADMIN_PATHS.notionWebhook, adminNotionWebhook);
app.route(ADMIN_PATHS.rebuildHook, adminRebuildHook);
app.route(ADMIN_PATHS.firstRun, adminFirstRun);
app.route(ADMIN_PATHS.syncRuns, adminSyncRuns);
app.route(ADMIN_PATHS.enquiries, adminEnquiries);
app.route(ADMIN_PATHS.settings, adminSettings);
app.route(ADMIN_CACHE_PREFIX, adminCache);
app.route(ADMIN_PREFIX, adminNotion);
// Resized and social copies first: no synced key starts with "w/" or "og/" (the sync writes `notion/...` keys only).
app.route("/media/w", mediaVariants);
app.route("/media/og", mediaSocial);
app.route("/media", media);
// The one page the worker serves itself: the prerendered search page with its first answer inlined.
app.route("/search", searchPage);
// Item addresses no built page has (a bare id, an outdated slug): 301 to the item's current address.
app.route(sectionPath("gallery"), itemPages("gallery"));
app.route(sectionPath("for-sale"), itemPages("for-sale"));

export { AfterSyncCoalescer } from "./sync/publish/after-sync-coalescer";
export { SyncDebouncer } from "./sync/webhook/sync-debouncer";
export { SyncWorkflow } from "./sync/jobs/sync-workflow";
export { SetupWorkflow } from "./sync/setup/setup-workflow";

export default {
  fetch: app.fetch,
  // Enquiries past their retention and files unreferenced since an earlier night go first (the media GC takes the sync
  // lock briefly), then the full sync starts as a workflow run.
  scheduled: (_controller, env, ctx) =>
    ctx.waitUntil(
      expireEnquiries(env.DB)
        .then(() => collectMediaGarbage(env))
        .then(
          () => undefined,
          (error) => logEvent("media_gc_failed", { error }),
        )
        .then(() => startSync(env, { kind: "full" }, "cron"))
        .then(
          (runId) => logEvent("cron", { runId, message: "nightly full sync started" }),
          (error) => logEvent("cron_failed", { error, message: "the nightly full sync could not start" }),
        ),
    ),
} satisfies ExportedHandler<Env>;
