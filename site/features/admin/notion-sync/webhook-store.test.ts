import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebhookState } from "#contract/webhook-status";
import { $toasts } from "../../shell/toasts";
import { $resettingWebhook, $webhookStatus, copyWebhookUrl, makeNewWebhookUrl } from "./webhook-store";
import { fakeAdminApi } from "../shared/test/fake-api";

const URL = "https://coin-op.example/api/notion/webhook/q8Zr_0-KXk3pYl2wVb7NcQfT1uHs5dGaEoJm4iRyLnA";
const lastToast = () => $toasts.get()[0];

afterEach(() => {
  $toasts.set([]);
  $webhookStatus.set({ status: null, error: null });
  vi.unstubAllGlobals();
});

describe("copying the webhook URL", () => {
  it("writes the URL to the clipboard and says where to paste it", async () => {
    const written: string[] = [];
    await copyWebhookUrl(URL, { writeText: async (text) => void written.push(text) });
    expect(written).toEqual([URL]);
    expect(lastToast()).toMatchObject({
      title: "Webhook URL copied",
      description: "Paste it into the subscription in Notion's integration settings",
      variant: "default",
    });
  });

  it("says to select and copy it when the browser refuses the clipboard or offers none", async () => {
    await copyWebhookUrl(URL, {
      writeText: () => Promise.reject(new Error("Write permission denied.")),
    });
    expect(lastToast()).toMatchObject({
      title: "Could not copy the webhook URL",
      description: "Select it and copy it by hand (the browser said: Write permission denied.)",
      variant: "destructive",
    });
    await copyWebhookUrl(URL, null);
    expect(lastToast()?.description).toBe("Select it and copy it by hand (the browser said: This browser offers no clipboard here)");
  });
});

describe("making a new webhook URL", () => {
  const state = (secret: string): WebhookState => ({
    state: "not-set-up",
    tokenReceivedAt: null,
    verifiedAt: null,
    lastEventAt: null,
    lastEventType: null,
    verificationToken: null,
    webhookUrl: `https://coin-op.example/api/notion/webhook/${secret}`,
    pending: { pages: 0, schemas: 0, fullSync: false },
  });
  const MESSAGE = "Webhook subscription forgotten and a new webhook URL made; create the subscription in Notion again with the new URL";

  it("resets the subscription (the button disabled meanwhile), says so and shows the new URL", async () => {
    let busyDuringRequest = false;
    const api = fakeAdminApi({
      "DELETE /api/admin/notion-webhook": () => {
        busyDuringRequest = $resettingWebhook.get();
        return Response.json({ message: MESSAGE });
      },
      "GET /api/admin/notion-webhook": () => Response.json(state("NewSecret")),
    });
    await makeNewWebhookUrl();
    expect(api.calls.map((c) => c.key)).toEqual(["DELETE /api/admin/notion-webhook", "GET /api/admin/notion-webhook"]);
    expect(busyDuringRequest).toBe(true);
    expect($resettingWebhook.get()).toBe(false);
    expect(lastToast()).toMatchObject({ title: "New webhook URL made", description: MESSAGE, variant: "default" });
    expect($webhookStatus.get().status?.webhookUrl).toBe("https://coin-op.example/api/notion/webhook/NewSecret");
  });

  it("reports a failed reset as a destructive toast with the error text, keeping the URL shown", async () => {
    $webhookStatus.set({ status: state("OldSecret"), error: null });
    fakeAdminApi({ "DELETE /api/admin/notion-webhook": () => new Response("boom", { status: 500, statusText: "Internal Server Error" }) });
    await makeNewWebhookUrl();
    expect(lastToast()).toMatchObject({ title: "Failed to make a new webhook URL", description: "500: boom", variant: "destructive" });
    expect($webhookStatus.get().status?.webhookUrl).toBe("https://coin-op.example/api/notion/webhook/OldSecret");
  });
});
