import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageIdFor } from "./ids.ts";
import { startNotionServer, type NotionServer } from "./server.ts";
import { demoNotion } from "../lib/demo-workspace.ts";
import { clientFor } from "./test-client.ts";

let server: NotionServer;

beforeAll(async () => {
  server = await startNotionServer(demoNotion());
});
afterAll(() => server.close());

async function mainImageUrl(): Promise<string> {
  const page = (await clientFor(server).pages.retrieve({ page_id: pageIdFor("Slot Machines", "Watling Rol-a-Top 5¢") })) as {
    properties: Record<string, any>;
  };
  return page.properties["Main Image"].files[0].file.url;
}

describe("Notion-hosted files", () => {
  it("signs URLs like S3 presigned URLs under /files/<workspace>/<file>/<name>", async () => {
    const url = new URL(await mainImageUrl());
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toMatch(/^\/files\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/slot-cherry-red\.png$/);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(url.searchParams.get("X-Amz-Date")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("downloads a PNG with its content type, uncounted, then 403 Request has expired after expire-files", async () => {
    const url = await mainImageUrl();
    const before = server.stats().requests;
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await ok.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(server.stats().requests).toBe(before);

    const control = await fetch(`${server.url}/__control/expire-files`, { method: "POST" });
    expect(control.status).toBe(200);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(expired.headers.get("content-type")).toBe("application/xml");
    const body = await expired.text();
    expect(body).toContain("<Code>AccessDenied</Code>");
    expect(body).toContain("<Message>Request has expired</Message>");

    const fresh = await fetch(await mainImageUrl());
    expect(fresh.status).toBe(200);
  });

  it("refuses a tampered signature and an unknown file", async () => {
    const url = new URL(await mainImageUrl());
    url.searchParams.set("X-Amz-Signature", "0".repeat(64));
    const tampered = await fetch(url);
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain("SignatureDoesNotMatch");
    const unknown = await fetch(`${server.url}/files/x/00000000-0000-4000-8000-000000000000/a.png`);
    expect(unknown.status).toBe(404);
  });

  it("expires URLs after their time to live", async () => {
    const shortLived = await startNotionServer({ ...demoNotion(), fileUrlTtlSeconds: 1 });
    try {
      const page = (await clientFor(shortLived).pages.retrieve({ page_id: pageIdFor("Images", "header_main_image") })) as {
        properties: Record<string, any>;
      };
      const file = page.properties.Image.files[0].file;
      expect(Date.parse(file.expiry_time) - Date.now()).toBeLessThanOrEqual(1000);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await fetch(file.url)).status).toBe(403);
    } finally {
      await shortLived.close();
    }
  });
});
