import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { notFound, onError } from "./lib/errors";

const app = new Hono<AppEnv>();

app.onError(onError);
app.notFound(notFound);

app.get("/api/health", (c) => c.json({ ok: true }));

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
