import { describe, expect, it } from "vitest";
import { chooseBuildTarget } from "./build-target.ts";

const WORKERS_DEV = "https://coin-op-catalogue.dealer.workers.dev";
const never = async () => {
  throw new Error("Cloudflare is not asked");
};

describe("what npm run build builds for, with nothing typed by a person", () => {
  it("in Workers Builds: the address Cloudflare gives, the custom domain named as the site's", async () => {
    const lines: string[] = [];
    expect(
      await chooseBuildTarget(
        { WORKERS_CI: "1" },
        async () => ({ exists: true, apiUrl: WORKERS_DEV, siteUrl: "https://shop.example.com" }),
        (l) => lines.push(l),
      ),
    ).toEqual({ apiUrl: WORKERS_DEV, siteUrl: "https://shop.example.com", nothingPublished: false });
    expect(lines).toEqual([]);
  });

  it("in Workers Builds before the first deploy: the first-run site (nothing ever published), said so", async () => {
    const lines: string[] = [];
    expect(
      await chooseBuildTarget(
        { WORKERS_CI: "1" },
        async () => ({ exists: false, apiUrl: WORKERS_DEV, siteUrl: WORKERS_DEV }),
        (l) => lines.push(l),
      ),
    ).toEqual({
      apiUrl: WORKERS_DEV,
      siteUrl: WORKERS_DEV,
      nothingPublished: true,
    });
    expect(lines).toEqual(["the worker is not deployed yet: building the first-run site"]);
  });

  it("in Workers Builds without a credential in the build step: nothing, leaving the build to the deploy command", async () => {
    const lines: string[] = [];
    expect(
      await chooseBuildTarget(
        { WORKERS_CI: "1" },
        async () => null,
        (l) => lines.push(l),
      ),
    ).toBeNull();
    expect(lines).toEqual(["no Cloudflare credential in the build step: the deploy command builds the site"]);
  });

  it("refuses a deployed worker that answers on no address", async () => {
    await expect(
      chooseBuildTarget(
        { WORKERS_CI: "1" },
        async () => ({ exists: true, apiUrl: null, siteUrl: null }),
        () => {},
      ),
    ).rejects.toThrow(
      "The worker answers on no address: turn on its workers.dev route or add a custom domain (Settings, Domains & Routes).",
    );
  });

  it("takes a developer's SITE_API_URL / SITE_URL first, and reads the local worker outside Workers Builds, asking Cloudflare nothing", async () => {
    expect(
      await chooseBuildTarget(
        { WORKERS_CI: "1", SITE_API_URL: "https://staging.example/", SITE_URL: "https://www.example" },
        never,
        () => {},
      ),
    ).toEqual({
      apiUrl: "https://staging.example",
      siteUrl: "https://www.example",
      nothingPublished: false,
    });
    expect(await chooseBuildTarget({}, never, () => {})).toEqual({
      apiUrl: "http://127.0.0.1:8787",
      siteUrl: "http://127.0.0.1:8787",
      nothingPublished: false,
    });
  });
});
