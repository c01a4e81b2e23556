import { describe, expect, it } from "vitest";
import type { WebhookState } from "#contract/webhook-status";
import type { AdminCallInit, AdminClient } from "../lib/admin-client.ts";
import { subscribeWorker } from "./webhook-subscription.ts";

const SECRETS = ["q8Zr_0-KXk3pYl2wVb7NcQfT1uHs5dGaEoJm4iRyLnA", "Zt5mW2-vY9_LkQ3xR8cPaB1nH7dJ4fGsE6uO0iTyKzM"];

/** An admin client for a worker whose webhook secret is SECRETS[0] until a DELETE replaces it with SECRETS[1]. */
function worker() {
  const calls: string[] = [];
  let secret = 0;
  const admin: AdminClient = {
    async call<T>(path: string, init: AdminCallInit = {}) {
      const method = init.method ?? "GET";
      calls.push(`${method} ${path}`);
      if (method === "DELETE") {
        secret = 1;
        return { message: "reset" } as T;
      }
      return { webhookUrl: `http://127.0.0.1:8787/api/notion/webhook/${SECRETS[secret]}` } as Partial<WebhookState> as T;
    },
  };
  return { admin, calls };
}

/** A Notion server answering each subscription with the next status of `statuses`. */
function notion(...statuses: number[]) {
  const urls: string[] = [];
  return {
    urls,
    subscribeWebhook: async (url: string) => {
      urls.push(url);
      return { token: "secret_local", status: statuses.shift() ?? 200, body: "{}" };
    },
  };
}

describe("npm start's webhook subscription", () => {
  it("subscribes the demo workspace at the secret URL the admin panel shows, and logs it without the secret", async () => {
    const { admin, calls } = worker();
    const local = notion(200);
    const lines: string[] = [];
    expect(await subscribeWorker(local, admin, (line) => lines.push(line))).toBe(true);
    expect(local.urls).toEqual([`http://127.0.0.1:8787/api/notion/webhook/${SECRETS[0]}`]);
    expect(calls).toEqual(["GET /api/admin/notion-webhook"]);
    expect(lines).toEqual([
      "webhooks: edits in the demo workspace reach http://127.0.0.1:8787/api/notion/webhook/<secret> as signed events",
    ]);
  });

  it("resets a subscription the worker keeps from an earlier run and subscribes again at the new URL", async () => {
    const { admin, calls } = worker();
    const local = notion(409, 200);
    const lines: string[] = [];
    expect(await subscribeWorker(local, admin, (line) => lines.push(line))).toBe(true);
    expect(local.urls).toEqual(SECRETS.map((s) => `http://127.0.0.1:8787/api/notion/webhook/${s}`));
    expect(calls).toEqual(["GET /api/admin/notion-webhook", "DELETE /api/admin/notion-webhook", "GET /api/admin/notion-webhook"]);
    expect(lines.join("\n")).not.toMatch(new RegExp(SECRETS.join("|")));
  });

  it("says edits need Sync Data when the worker refuses the subscription", async () => {
    const lines: string[] = [];
    expect(await subscribeWorker(notion(404), worker().admin, (line) => lines.push(line))).toBe(false);
    expect(lines).toEqual(["webhooks: the worker refused the subscription (404 {}); edits need Sync Data in /admin"]);
  });
});
