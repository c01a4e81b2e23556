import { afterEach, describe, expect, it, vi } from "vitest";
import { errorMessage, getJson, HttpError } from "./http";

afterEach(() => vi.unstubAllGlobals());

describe("error messages", () => {
  it("are the status, a colon and a space, then the body text", () => {
    expect(errorMessage(404, '{"error":"Not found"}', "Not Found")).toBe('404: {"error":"Not found"}');
  });

  it("fall back to the status text when the body is empty", () => {
    expect(errorMessage(503, "", "Service Unavailable")).toBe("503: Service Unavailable");
    expect(new HttpError(500, "", "Internal Server Error").message).toBe("500: Internal Server Error");
  });

  it("come from a non-successful response", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(getJson("/api/x")).rejects.toThrow("401: Unauthorized");
    vi.stubGlobal("fetch", async () => new Response("nope", { status: 400, statusText: "Bad Request" }));
    await expect(getJson("/api/x")).rejects.toThrow("400: nope");
  });

  it("sends cookies and expects JSON", async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal("fetch", fetch);
    expect(await getJson("/api/x")).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith("/api/x", expect.objectContaining({ credentials: "include" }));
  });

  it("a 401 or a 500 throws with the status and the answer's text", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(getJson("/api/admin/cache/stats")).rejects.toThrow("401: Unauthorized");
    vi.stubGlobal("fetch", async () => new Response("x", { status: 500, statusText: "Internal Server Error" }));
    await expect(getJson("/api/x")).rejects.toThrow("500: x");
  });
});
