import { afterEach, describe, expect, it } from "vitest";
import { $toasts } from "../shell/toasts";
import { copyWebhookUrl } from "./admin-webhook";

const URL = "https://coin-op.example/api/notion/webhook/q8Zr_0-KXk3pYl2wVb7NcQfT1uHs5dGaEoJm4iRyLnA";
const lastToast = () => $toasts.get()[0];

afterEach(() => $toasts.set([]));

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
